//! How the document writes a value the API reads with a rule of its own,
//! where no Rust type of the wire says it: a `phone` parameter stays text,
//! but the document gives the pattern the server reads it by.

/// A Philippine mobile number as [`hiram_domain::phone::Phone::parse`]
/// reads it: `0917 123 4567`, `+63 917-123-4567`, `639171234567`, spaces
/// and dashes anywhere.
/// `phone_pattern_reads_numbers_as_phone_parse_does` keeps the two agreeing.
const PHONE_PATTERN: &str = "^[ -]*([+][ -]*6[ -]*3|6[ -]*3|0)[ -]*9([ -]*[0-9]){9}[ -]*$";

/// How the document writes a `phone` parameter (the value stays a string).
pub struct PhoneNumber;

impl utoipa::PartialSchema for PhoneNumber {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        text_matching(PHONE_PATTERN.to_owned())
    }
}

impl utoipa::ToSchema for PhoneNumber {}

/// A `phone` filter, where empty means "every number".
pub struct PhoneNumberOrEmpty;

impl utoipa::PartialSchema for PhoneNumberOrEmpty {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        text_matching(format!("^$|{PHONE_PATTERN}"))
    }
}

/// Text that matches `pattern`.
fn text_matching(pattern: String) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .pattern(Some(pattern))
        .into()
}

impl utoipa::ToSchema for PhoneNumberOrEmpty {}

/// An optional whole number that the shells may also send empty
/// (`productId=`), read as absent (`extract::optional_id`).
pub struct IdOrEmpty;

impl utoipa::PartialSchema for IdOrEmpty {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, SchemaFormat, Type};
        use utoipa::openapi::{ObjectBuilder, OneOfBuilder};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
            )
            .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(0)))
            .into()
    }
}

impl utoipa::ToSchema for IdOrEmpty {}

#[cfg(test)]
mod tests {
    use super::PHONE_PATTERN;
    use hiram_domain::phone::Phone;

    #[test]
    fn phone_pattern_reads_numbers_as_phone_parse_does() {
        let pattern = regex_automata::meta::Regex::new(PHONE_PATTERN).unwrap();
        let samples = [
            "09171234567",
            "+639171234567",
            "639171234567",
            "0917 123 4567",
            "+63 917-123-4567",
            " 0917-123-4567 ",
            "9171234567",
            "08171234567",
            "0917123456",
            "091712345678",
            "+6309171234567",
            "63917123456",
            "+63 8171234567",
            "",
            "0917a234567",
            "+44 7911 123456",
            "6391712345678",
        ];
        for sample in samples {
            assert_eq!(pattern.is_match(sample), Phone::parse(sample).is_ok(), "{sample:?}");
        }
    }
}
