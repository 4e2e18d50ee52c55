//! Shared by the language's tests: inputs run in one session.

use onag_lang::Interp;

/// Runs inputs in one session; each must print the expected text (`!!` and
/// the message for an error, nothing for an input without a value).
pub fn check(cases: &[(&str, &str)]) {
    let mut s = Interp::new();
    for (input, expected) in cases {
        let got = match s.run(input) {
            Ok(Some(v)) => v.to_string(),
            Ok(None) => String::new(),
            Err(e) => format!("!!{e}"),
        };
        assert_eq!(&got, expected, "input: {input}");
    }
}
