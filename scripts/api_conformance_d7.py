"""Schemathesis reads the borrower API's replies as D7 defines them.

Under /pany (the shells' calls; not the payment providers' callbacks under
/pany/payments/) a handled refusal answers HTTP 200 and carries its status
as the envelope's `code`: `{"code":"401","message":...,"data":null}` is
the 401 of that call. Each operation's document declares those codes in its
200 schema ("Refused (401)" and so on), which `response_schema_conformance`
holds the reply to. Three of schemathesis's checks judge a reply by its
HTTP status alone (schema-violating input must be refused, schema-valid
input accepted, a call without its session refused); for a D7 call they run
here on the status the envelope declares. Everything else about the check
is schemathesis's own code, unchanged; `scripts/api-conformance.sh` loads
this module (SCHEMATHESIS_HOOKS) and runs these in place of the three.
"""

import copy

import schemathesis
from schemathesis.specs.openapi import _auth_retry
from schemathesis.specs.openapi import checks as builtin
from schemathesis.specs.openapi import object_authorization


def answers_in_envelope(path: str) -> bool:
    return path.startswith("/pany/") and not path.startswith("/pany/payments/")


def as_declared(case, response):
    """The reply with the status its envelope declares (itself otherwise)."""
    if response.status_code != 200 or not answers_in_envelope(case.operation.path):
        return response
    try:
        body = response.json()
    except Exception:  # a picture, a page: not an envelope
        return response
    code = body.get("code") if isinstance(body, dict) else None
    if not isinstance(code, str) or code in ("00", "0"):
        return response  # success ("0" on the promotion page's calls), HTTP 200 as sent
    declared = copy.copy(response)
    # An HTTP status as the code (400, 401, 404, 409, 429 ...) is that
    # status; the specification's own refusal codes (101: the captcha's
    # characters do not match) refuse the input, as a 400 does.
    status = int(code) if code.isdigit() and 400 <= int(code) <= 599 else 400
    declared.status_code = status
    return declared


def _probe_read_as_declared(ctx, parent, probe):
    return as_declared(probe, _auth_retry.send_probe(ctx, parent, probe))


# The probes that check authentication (a call without the session, with a
# wrong one, as another borrower) read their replies the same way.
builtin.send_probe = _probe_read_as_declared
object_authorization.send_probe = _probe_read_as_declared


@schemathesis.check
def d7_negative_data_rejection(ctx, response, case):
    return builtin.negative_data_rejection(ctx, as_declared(case, response), case)


@schemathesis.check
def d7_positive_data_acceptance(ctx, response, case):
    return builtin.positive_data_acceptance(ctx, as_declared(case, response), case)


@schemathesis.check
def d7_ignored_auth(ctx, response, case):
    return builtin.ignored_auth(ctx, as_declared(case, response), case)
