//! S9: pictures borrowers send. Only JPEG, PNG and WebP by their bytes,
//! bounded in size and pixels, re-encoded with EXIF gone, stored under
//! server-made names, served with `Content-Disposition` and `nosniff`, and
//! only to their owner and staff.

use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::Value;

const PHONE: &str = "09271234567";
const OTHER_PHONE: &str = "09281234567";
const CANARY: &str = "HIRAM-CANARY-GPS-14.5995N-120.9842E";

fn encoded(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 5) as u8, (y * 5) as u8, 90]));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), format).expect("encode a test picture");
    bytes
}

/// A 40×20 phone photo whose EXIF says "turn 90° clockwise" and carries a
/// location-like text that must never be stored.
fn photo_with_exif() -> Vec<u8> {
    let jpeg = encoded(40, 20, image::ImageFormat::Jpeg);
    let description = format!("{CANARY}\0");
    let mut tiff = b"MM\0\x2a\0\0\0\x08\0\x02".to_vec();
    // ImageDescription (ASCII), its text stored after the directory.
    tiff.extend_from_slice(&[0x01, 0x0E, 0, 2]);
    tiff.extend_from_slice(&(description.len() as u32).to_be_bytes());
    tiff.extend_from_slice(&38_u32.to_be_bytes());
    // Orientation (SHORT) = 6: the camera was held upright.
    tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(description.as_bytes());
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend_from_slice(&tiff);
    let mut photo = vec![0xFF, 0xD8, 0xFF, 0xE1];
    photo.extend_from_slice(&((segment.len() + 2) as u16).to_be_bytes());
    photo.extend_from_slice(&segment);
    photo.extend_from_slice(&jpeg[2..]);
    photo
}

/// PNG's chunk checksum (CRC-32), so an edited header still reads as a
/// well-formed file and the size check, not the checksum, refuses it.
fn png_crc(bytes: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn name_of(url: &str) -> &str {
    url.strip_prefix("/pany/uploads/").expect("served under /pany/uploads")
}

async fn upload(app: &TestApp, session: &str, name: &str, content_type: &str, bytes: &[u8]) -> (u16, Value) {
    let response = app
        .post_file(&format!("/pany/credit-info/upload-image?sessionId={session}"), "image", name, content_type, bytes)
        .await;
    crate::helpers::outcome(response).await
}

async fn allow_photos(app: &TestApp, session: &str) {
    let response = app
        .post_form(&format!("/pany/v3/consent/grant?sessionId={session}"), &[("kind", "photos"), ("granted", "1")])
        .await;
    assert_eq!(response.status(), 200);
}

/// Every file the object store holds.
fn stored_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(folder: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                walk(&entry.path(), found);
            } else {
                found.push(entry.path());
            }
        }
    }
    let mut found = Vec::new();
    walk(&app.state.settings.uploads.dir, &mut found);
    found
}

crate::on_both_stores! {
    async fn an_identity_photo_needs_the_photos_consent(app) {
        let session = app.login(PHONE).await;
        let (status, refused) = upload(&app, &session, "id.jpg", "image/jpeg", &photo_with_exif()).await;
        assert_eq!(status, 403);
        assert_eq!(refused["data"]["consent"], "photos");
        assert!(stored_files(&app).is_empty());
    }

    async fn a_photo_is_stored_upright_without_its_exif_under_a_server_name(app) {
        let session = app.login(PHONE).await;
        allow_photos(&app, &session).await;
        let (status, body) = upload(&app, &session, "../../etc/passwd.jpg", "text/html", &photo_with_exif()).await;
        assert_eq!(status, 200, "{body}");
        let url = body["data"]["url"].as_str().unwrap().to_owned();
        let name = name_of(&url);
        assert!(name.len() == 32 && name.bytes().all(|byte| byte.is_ascii_hexdigit()), "{name}");
        let files = stored_files(&app);
        assert_eq!(files.len(), 1);
        assert!(files[0].ends_with(name), "{files:?}");
        let stored = std::fs::read(&files[0]).unwrap();
        assert!(!stored.windows(CANARY.len()).any(|window| window == CANARY.as_bytes()), "EXIF text kept");
        assert!(!stored.windows(4).any(|window| window == b"Exif"), "an EXIF segment kept");

        let served = app.get(&format!("{url}?sessionId={session}")).await;
        assert_eq!(served.status(), 200);
        let headers = served.headers().clone();
        assert_eq!(headers["content-type"], "image/jpeg");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["content-disposition"], format!("inline; filename=\"{name}.jpg\"").as_str());
        let bytes = served.bytes().await.unwrap();
        assert_eq!(bytes.as_ref(), stored.as_slice());
        let picture = image::load_from_memory(&bytes).unwrap();
        assert_eq!((picture.width(), picture.height()), (20, 40), "turned upright by its orientation");
    }

    async fn pngs_and_webps_are_accepted_and_become_jpegs(app) {
        let session = app.login(PHONE).await;
        allow_photos(&app, &session).await;
        for format in [image::ImageFormat::Png, image::ImageFormat::WebP] {
            let (status, body) = upload(&app, &session, "screen", "application/octet-stream", &encoded(30, 30, format)).await;
            assert_eq!(status, 200, "{format:?}: {body}");
            let served = app.get(&format!("{}?sessionId={session}", body["data"]["url"].as_str().unwrap())).await;
            assert_eq!(served.bytes().await.unwrap()[..3], [0xFF, 0xD8, 0xFF]);
        }
    }

    async fn what_is_not_a_picture_is_refused_and_nothing_is_kept(app with [("APP_UPLOADS__MAX_MEGABYTES", "1")]) {
        let session = app.login(PHONE).await;
        allow_photos(&app, &session).await;
        let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec();
        let html = b"<!doctype html><script>alert(document.cookie)</script>".to_vec();
        let mut disguised = b"GIF89a".to_vec();
        disguised.extend_from_slice(&encoded(10, 10, image::ImageFormat::Png));
        let mut huge = encoded(1, 1, image::ImageFormat::Png);
        huge[16..24].copy_from_slice(&[0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20]);
        let checksum = png_crc(&huge[12..29]);
        huge[29..33].copy_from_slice(&checksum.to_be_bytes());
        let mut oversize = encoded(10, 10, image::ImageFormat::Png);
        oversize.resize(1024 * 1024 + 1, 0);
        let cases: [(&str, &str, Vec<u8>, &str); 6] = [
            ("picture.svg", "image/svg+xml", svg, "JPG, PNG o WebP"),
            ("picture.jpg", "image/jpeg", html, "JPG, PNG o WebP"),
            ("picture.png", "image/png", disguised, "JPG, PNG o WebP"),
            ("empty.jpg", "image/jpeg", Vec::new(), "JPG, PNG o WebP"),
            ("huge.png", "image/png", huge, "Masyadong malaki ang larawang ito para maproseso"),
            ("big.png", "image/png", oversize, "mas mababa sa 1 MB"),
        ];
        for (name, content_type, bytes, message) in cases {
            let response = app
                .post_file(&format!("/pany/credit-info/upload-image?sessionId={session}&lang=fil"), "image", name, content_type, &bytes)
                .await;
            let response = crate::helpers::Checked::of(response).await;
            assert_eq!(response.status(), 400, "{name}");
            let body: Value = response.json().await.unwrap();
            assert!(body["message"].as_str().unwrap().contains(message), "{name}: {body}");
        }
        let (status, _) = upload(&app, &session, "picture.jpg", "image/jpeg", b"").await;
        assert_eq!(status, 400);
        let wrong_field = app
            .post_file(&format!("/pany/credit-info/upload-image?sessionId={session}"), "file", "a.png", "image/png", &encoded(5, 5, image::ImageFormat::Png))
            .await;
        let wrong_field = crate::helpers::Checked::of(wrong_field).await;
        assert_eq!(wrong_field.status(), 400);
        assert!(stored_files(&app).is_empty());
    }

    async fn a_borrower_sends_at_most_the_daily_number_of_pictures(app with [("APP_UPLOADS__PER_BORROWER_DAY", "2")]) {
        let session = app.login(PHONE).await;
        allow_photos(&app, &session).await;
        let picture = encoded(8, 8, image::ImageFormat::Png);
        assert_eq!(upload(&app, &session, "a.png", "image/png", &picture).await.0, 200);
        assert_eq!(upload(&app, &session, "b.png", "image/png", &picture).await.0, 200);
        let (status, body) = upload(&app, &session, "c.png", "image/png", &picture).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(stored_files(&app).len(), 2);
        app.clock.advance(time::Duration::hours(25));
        let session = app.login(PHONE).await;
        assert_eq!(upload(&app, &session, "d.png", "image/png", &picture).await.0, 200);
    }

    async fn only_the_owner_and_staff_see_a_picture(app) {
        let token = app.staff_token(Role::CustomerCare).await;
        let owner = app.login(PHONE).await;
        allow_photos(&app, &owner).await;
        let (_, body) = upload(&app, &owner, "id.png", "image/png", &encoded(12, 12, image::ImageFormat::Png)).await;
        let url = body["data"]["url"].as_str().unwrap().to_owned();
        let other = app.login(OTHER_PHONE).await;

        let theirs = app.get(&format!("{url}?sessionId={other}")).await;
        let theirs = crate::helpers::Checked::of(theirs).await;
        assert_eq!(theirs.status(), 404);
        let theirs = theirs.text().await.unwrap();
        let missing = app.get(&format!("/pany/uploads/{}?sessionId={other}", "0".repeat(32))).await.text().await.unwrap();
        assert_eq!(theirs, missing, "another borrower's picture looks exactly like a missing one");
        let shouted = name_of(&url).to_ascii_uppercase();
        for path in ["/pany/uploads/..%2F..%2Fetc%2Fpasswd".to_owned(), format!("/pany/uploads/{shouted}")] {
            assert_eq!(crate::helpers::Checked::of(app.get(&format!("{path}?sessionId={other}")).await).await.status(), 404, "{path}");
        }
        assert_eq!(crate::helpers::Checked::of(app.get(&url).await).await.status(), 401, "no session, no picture");

        let name = name_of(&url);
        let staff = app.client.get(app.url(&format!("/api/staff/uploads/{name}"))).bearer_auth(&token).send().await.unwrap();
        assert_eq!(staff.status(), 200);
        assert_eq!(staff.headers()["x-content-type-options"], "nosniff");
        assert_eq!(staff.headers()["cache-control"], "private, no-store", "identity photos stay in no cache");
        let own = app.get(&format!("{url}?sessionId={owner}")).await;
        assert_eq!((own.status().as_u16(), own.headers()["cache-control"].to_str().unwrap()), (200, "private, no-store"));
        assert_eq!(crate::helpers::Checked::of(app.get(&format!("/api/staff/uploads/{name}")).await).await.status(), 401);
    }

    async fn erasing_the_account_deletes_identity_photos_and_receipts_but_keeps_complaint_pictures(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let token = app.staff_token(Role::CustomerCare).await;
        let session = app.login(PHONE).await;
        allow_photos(&app, &session).await;
        let (_, identity) = upload(&app, &session, "id.png", "image/png", &encoded(12, 12, image::ImageFormat::Png)).await;
        let receipt = app.upload_png("/pany/book-keeping/upload-image", "image", &session, 1).await;
        let complaint = app.upload_png("/pany/user-problem/upload-problem-img", "problemImage", &session, 2).await;
        let names: Vec<String> = [identity["data"]["url"].as_str().unwrap(), &receipt, &complaint].map(|url| name_of(url).to_owned()).into();
        assert_eq!(stored_files(&app).len(), 3);
        let staff_sees = |name: String| {
            let (app, token) = (&app, &token);
            async move {
                let response = app.client.get(app.url(&format!("/api/staff/uploads/{name}"))).bearer_auth(token).send().await.unwrap();
                response.status().as_u16()
            }
        };

        assert_eq!(app.post_form(&format!("/pany/v3/personal-center/user-delete?sessionId={session}"), &[]).await.status(), 200);

        let left = stored_files(&app);
        assert_eq!(left.len(), 1, "only the complaint picture is kept: {left:?}");
        assert!(left[0].ends_with(&names[2]), "{left:?}");
        assert_eq!(staff_sees(names[0].clone()).await, 404, "the identity photo's record is gone too");
        assert_eq!(staff_sees(names[1].clone()).await, 404, "the receipt's record is gone too");
        assert_eq!(staff_sees(names[2].clone()).await, 200, "the complaint keeps its picture");
        let again = app.login(PHONE).await;
        assert_eq!(app.post_form(&format!("/pany/v3/personal-center/user-delete?sessionId={again}"), &[]).await.status(), 200, "erasing again finds nothing to delete and succeeds");
    }
}
