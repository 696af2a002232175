//! What every operation shares and no handler declares, added to the
//! document in one place so that it lists every reply a route can give:
//!
//! - under the borrower API (`/pany`, but for the providers' callbacks), a
//!   handled refusal answers HTTP 200 with the refusal's status as the
//!   envelope's code (D7). A handler documents its refusals by status, as
//!   it raises them; here they move into the 200 reply as the envelopes it
//!   may carry, one per code, beside the success envelope. Every call that
//!   reads parameters may refuse them (code 400), and every call that needs
//!   a session refuses a missing one (code 401); elsewhere these keep
//!   their HTTP status;
//! - the parameters decision 003 forwards on every borrower call;
//! - the staff API's second credential, the console's cookie;
//! - the HTTP failures no envelope code stands for: a body over the limit
//!   (413) wherever a call reads one, and a failed server (500) anywhere.

use serde_json::{Value, json};

/// The HTTP failure's reply, and the envelope of a refusal with no data.
const FAILURE: &str = "Failure";

/// What the web's pages forward on every call besides `sessionId`
/// (decision 003), none of which the server requires.
const FORWARDED: [(&str, &str); 5] = [
    ("deviceId", "The device's id, as the native shell gives it"),
    ("appVersion", "The native shell's version"),
    ("clientType", "The native shell's platform"),
    ("merchantNumber", "The merchant the shell was built for"),
    ("lang", "`en` or `fil`: the language of the reply's message (else Accept-Language)"),
];

pub fn add(document: &mut Value) {
    let schemas = document["components"]["schemas"].clone();
    document["components"]["schemas"][FAILURE] = json!({
        "type": "object",
        "description": "A failure's envelope: `code` is the failure's HTTP status, `message` says it in the caller's language.",
        "required": ["code", "message", "data"],
        "properties": {
            "code": {"type": "string"},
            "message": {"type": "string"},
            "data": {"type": "null"}
        }
    });
    let Some(paths) = document["paths"].as_object_mut() else { return };
    for (path, item) in paths.iter_mut() {
        let borrower_api = path.starts_with("/pany/") && !path.starts_with("/pany/payments/");
        let Some(item) = item.as_object_mut() else { continue };
        for operation in item.values_mut().filter(|operation| operation.get("responses").is_some()) {
            let reads_input = operation["parameters"].as_array().is_some_and(|parameters| !parameters.is_empty())
                || operation.get("requestBody").is_some();
            staff_cookie(operation);
            if crate::address_limits::is_open_call(path) && operation["responses"].get("429").is_none() {
                let description = if path.starts_with("/pany/payments/") {
                    "Too many notifications from this address failed verification this minute; `Retry-After` and `data.retryAfterSeconds` say when to try again"
                } else {
                    "Too many calls from this address; `Retry-After` and `data.retryAfterSeconds` say when to try again"
                };
                operation["responses"]["429"] = json!({
                    "description": description,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Envelope_RetryLater"}}}
                });
            }
            if borrower_api {
                forwarded_parameters(operation);
                refusals_in_the_envelope(operation, reads_input, &schemas);
            } else {
                refusals_by_status(operation, reads_input, &schemas);
            }
            let responses = &mut operation["responses"];
            if reads_input && responses.get("413").is_none() {
                responses["413"] = failure_reply("The body is larger than the call takes");
            }
            if responses.get("500").is_none() {
                responses["500"] = failure_reply("The server failed; nothing is said of why");
            }
        }
    }
}

fn failure_reply(description: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{FAILURE}")}}}
    })
}

/// The staff API takes the console's session cookie wherever it takes the
/// token (`staff_access::Staff`).
fn staff_cookie(operation: &mut Value) {
    let Some(security) = operation.get_mut("security").and_then(Value::as_array_mut) else { return };
    if security.contains(&requirement(super::STAFF_TOKEN)) && !security.contains(&requirement(super::CONSOLE_SESSION)) {
        security.push(requirement(super::CONSOLE_SESSION));
    }
}

/// A security requirement on one scheme, as the document writes it.
fn requirement(scheme: &str) -> Value {
    json!({ scheme: [] })
}

fn forwarded_parameters(operation: &mut Value) {
    if operation.get("parameters").is_none() {
        operation["parameters"] = json!([]);
    }
    let Some(parameters) = operation["parameters"].as_array_mut() else { return };
    for (name, description) in FORWARDED {
        if !parameters.iter().any(|parameter| parameter["name"] == name) {
            parameters.push(json!({
                "name": name, "in": "query", "required": false, "description": description,
                "schema": {"type": "string"}
            }));
        }
    }
}

/// Outside the borrower API a refusal keeps its HTTP status: parameters
/// that do not parse are a 400, a call without a credential a 401. A
/// status documented with data (`FieldRefused`) also answers without it
/// when the parameters themselves do not parse.
fn refusals_by_status(operation: &mut Value, reads_input: bool, schemas: &Value) {
    let secured = operation["security"].as_array().is_some_and(|security| !security.contains(&json!({})));
    let Some(responses) = operation["responses"].as_object_mut() else { return };
    for (status, reply) in responses.iter_mut().filter(|(status, _)| status.starts_with('4')) {
        let schema = &mut reply["content"]["application/json"]["schema"];
        if let Some(data) = envelope_data(schema, schemas) {
            *schema = envelope(status, data);
        }
    }
    for (needed, status) in [(reads_input, "400"), (secured, "401")] {
        if needed && !responses.contains_key(status) {
            responses.insert(status.to_owned(), json!({"description": default_text(status)}));
        }
    }
}

/// The `data` of a documented envelope (`$ref` to `Envelope_*`), or `null`.
/// utoipa writes an envelope's `data` out in full; where it is a named
/// schema, it is named again, so the web's types keep the name.
fn envelope_data(schema: &Value, schemas: &Value) -> Option<Value> {
    let envelope = schema["$ref"].as_str()?.strip_prefix("#/components/schemas/")?;
    let data = &schemas[envelope]["properties"]["data"];
    let name = envelope.strip_prefix("Envelope_")?;
    let data =
        if &schemas[name] == data { json!({"$ref": format!("#/components/schemas/{name}")}) } else { data.clone() };
    Some(json!({"anyOf": [{"type": "null"}, data]}))
}

/// Moves the operation's documented 4xx replies (but 413) into its 200
/// reply, each as the envelope whose code is that status (D7).
fn refusals_in_the_envelope(operation: &mut Value, reads_input: bool, schemas: &Value) {
    let requires_session = operation["security"].as_array().is_some_and(|security| {
        security.contains(&requirement(super::BORROWER_SESSION)) && !security.contains(&json!({}))
    });
    let Some(responses) = operation["responses"].as_object_mut() else { return };
    let statuses: Vec<String> =
        responses.keys().filter(|status| status.starts_with('4') && status.as_str() != "413").cloned().collect();
    let mut refusals: Vec<Value> = statuses
        .iter()
        .filter_map(|status| {
            let reply = responses.remove(status)?;
            let description =
                reply["description"].as_str().filter(|text| !text.is_empty()).unwrap_or(default_text(status));
            let data = envelope_data(&reply["content"]["application/json"]["schema"], schemas)
                .unwrap_or(json!({"type": "null"}));
            Some(refusal(status, description, data))
        })
        .collect();
    for (needed, status) in [(reads_input, "400"), (requires_session, "401")] {
        if needed && !statuses.iter().any(|documented| documented == status) {
            refusals.push(refusal(status, default_text(status), json!({"type": "null"})));
        }
    }
    if refusals.is_empty() {
        return;
    }
    let success = responses.entry("200").or_insert_with(|| json!({"description": ""}));
    let content = &mut success["content"];
    let schema = match content["application/json"]["schema"].take() {
        Value::Null => json!({"anyOf": refusals}),
        own => json!({"anyOf": std::iter::once(own).chain(refusals).collect::<Vec<_>>()}),
    };
    content["application/json"] = json!({"schema": schema});
}

fn refusal(status: &str, description: &str, data: Value) -> Value {
    let mut refusal = envelope(status, data);
    refusal["description"] = json!(format!("Refused ({status}): {description}"));
    refusal
}

/// The envelope of a refusal: its code is `status`.
fn envelope(status: &str, data: Value) -> Value {
    json!({
        "type": "object",
        "required": ["code", "message", "data"],
        "properties": {
            "code": {"type": "string", "enum": [status]},
            "message": {"type": "string"},
            "data": data
        }
    })
}

fn default_text(status: &str) -> &'static str {
    match status {
        "400" => "Missing or malformed parameters",
        "401" => "No valid session",
        "403" => "Not allowed",
        "404" => "Not found",
        "409" => "Not possible in the present state",
        "429" => "Too many tries; `data.retryAfterSeconds` says when to try again",
        _ => "Refused",
    }
}
