//! S7/S10: session tokens, one-time codes, phone numbers, account numbers
//! and what borrowers write in complaints never reach the logs. Runs the
//! real binary at debug level through the flows that handle them (right and
//! wrong) and searches everything it wrote for the canary values.

use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::Command;

#[tokio::test]
async fn secrets_never_reach_the_logs() {
    let folder = std::env::temp_dir().join(format!("hiram-logs-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let database = folder.join("logs.sqlite3");
    let _ = std::fs::remove_file(&database);
    let mut server = Command::new(env!("CARGO_BIN_EXE_hiram"))
        .arg("serve")
        .env("APP_SERVER__PORT", "0")
        .env("APP_DATABASE__URL", format!("sqlite://{}", database.display()))
        .env("APP_WEB__DIST_ROOT", folder.display().to_string())
        .env("APP_LOG__FILTER", "debug")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start the server binary");
    let mut stderr = BufReader::new(server.stderr.take().unwrap());
    let mut log = String::new();
    let port = loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).await.unwrap() > 0, "the server stopped early:\n{log}");
        log.push_str(&line);
        if line.contains("listening") {
            let value: serde_json::Value = serde_json::from_str(&line).unwrap();
            break value["port"].as_u64().unwrap();
        }
    };
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let phone = "09171234567";
    let sent = client
        .post(format!("{base}/pany/service/login/send-sms-code-new"))
        .form(&[("phone", phone)])
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 200);
    let store = hiram_store::Store::sqlite(&database).await.unwrap();
    let outbox = hiram_domain::store::OutboxStore::outbox(&store, None, 1).await.unwrap();
    let code: String =
        outbox[0].body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).unwrap().to_owned();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    client
        .post(format!("{base}/pany/service/login/sms-code-login"))
        .form(&[("phone", phone), ("code", wrong)])
        .send()
        .await
        .unwrap();
    let login: serde_json::Value = client
        .post(format!("{base}/pany/service/login/sms-code-login"))
        .form(&[("phone", phone), ("code", code.as_str())])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["sessionId"].as_str().unwrap().to_owned();
    client
        .post(format!("{base}/pany/v3/loan-details/loan-details?sessionId={token}&userId=1&phone={phone}"))
        .form(&[("orderId", "1")])
        .send()
        .await
        .unwrap();
    let account = "9988776655443322";
    let wallet = "09187654321";
    for form in [
        [("cardType", "1"), ("bankCode", "NOPE"), ("bankAccount", account)],
        [("cardType", "1"), ("bankCode", "BPI"), ("bankAccount", account)],
        [("cardType", "2"), ("walletCode", "GCASH"), ("walletNumber", wallet)],
    ] {
        client
            .post(format!("{base}/pany/v3/bind-card/bind-card-new?sessionId={token}"))
            .form(&form)
            .send()
            .await
            .unwrap();
    }
    let complaint =
        [("problemType", "6"), ("problemDetail", "Please call me back at 0917 123 4567, account 9988776655443322")];
    let filed = client
        .post(format!("{base}/pany/user-problem/problem-save?sessionId={token}"))
        .form(&complaint)
        .send()
        .await
        .unwrap();
    assert_eq!(filed.status(), 200, "the complaint is filed");
    client.post(format!("{base}/pany/user-problem/problem-list?sessionId={token}")).send().await.unwrap();
    client.post(format!("{base}/pany/service/login/logout?sessionId={token}")).send().await.unwrap();
    client.post(format!("{base}/pany/v3/loan-details/loan-details?sessionId={token}")).send().await.unwrap();

    server.start_kill().unwrap();
    let _ = server.wait().await;
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).await.unwrap();
    log.push_str(&rest);
    assert!(log.contains("request finished"), "requests were logged:\n{log}");
    for secret in [
        token.as_str(),
        code.as_str(),
        "9171234567",
        "0917 123 4567",
        "sessionId",
        account,
        "43322",
        "9187654321",
        "call me back",
    ] {
        assert!(!log.contains(secret), "{secret:?} appears in the logs:\n{log}");
    }
}
