//! Method calls with receivers and arguments of every kind: the generator
//! shared by the `methods` fuzz target and by the property test that runs
//! it in CI (crates/cli/tests/robustness.rs). Every receiver and argument
//! is small enough that a call ends at once or meets the time limit.

/// Receivers of every kind of value.
pub const RECEIVERS: &[&str] = &[
    "0",
    "1",
    "-3",
    "1/2",
    "1/3",
    "^",
    "*2",
    "{2|-1}",
    "{1|-1}",
    "+-1",
    "^*",
    "omega",
    "1/omega",
    "omega-1",
    "*omega",
    "\"lr\"",
    "[1,2]",
    "{1,2}",
    "{1 => 2}",
    "Domineering(\"..|..\")",
    "Kayles(5)",
    "Clobber(\"xo\")",
    "Left",
    "inf",
    "true",
    "Grid.Empty(2,2)",
    "(1,2)",
    "Kayles",
    "{2|-1}.Thermograph",
    "on",
    "over",
    "upon",
    "dud",
    "1 & 0",
    "over - over",
    "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
    "'{-1|1}'",
    "'{-1|1}' : on",
    "BackslidingToadsAndFrogs(\"t.f\")",
    "FoxAndGeese({(3,1),(3,3)}, (1,1))",
    "FoxAndGeese",
    "*[2,2]",
    "*[[2],1]",
    "Kayles(9).MisereCanonicalForm",
    "MisereQuotient(TakeAndBreak(\"0.75\"), 12)",
];

/// Arguments of every kind of value.
pub const ARGUMENTS: &[&str] = &[
    "0", "1", "2", "-1", "1/2", "^", "*", "omega", "\"x\"", "[1]", "Left", "{1|0}", "inf",
    "Nothing", "(0,1)", "-2^70", "x -> x", "on", "over", "dud", "1 & 0", "'{0|}'", "*[2]",
    "[5, 7]",
];

/// The call `(receiver).name(arguments)` with `arity` arguments picked by
/// `args` (indexes taken modulo the tables' lengths).
pub fn call(name: &str, arity: usize, receiver: usize, args: &[usize]) -> String {
    let args: Vec<&str> = args
        .iter()
        .take(arity)
        .map(|&i| ARGUMENTS[i % ARGUMENTS.len()])
        .collect();
    format!(
        "({}).{name}({})",
        RECEIVERS[receiver % RECEIVERS.len()],
        args.join(", ")
    )
}
