//! The built-in classes: every kind of value the interpreter holds natively
//! is an instance of one of them, with CGSuite's qualified name and
//! ancestry (`game.Integer` is a `game.DyadicRational`, a
//! `game.CanonicalShortGame`, ... a `cgsuite.lang.Object`).
//!
//! # Adding a value kind
//!
//! 1. A variant of [`Builtin`] and one entry in [`BUILTINS`]: its qualified
//!    name and its parents (native classes, or classes of the embedded
//!    library such as `game.Game`, by qualified name).
//! 2. One arm in [`builtin_of`], saying which values belong to it.
//! 3. Its methods in the method registry (`crate::methods`), declared for
//!    this class: every value whose class has it as an ancestor answers
//!    them.

use crate::value::Value;
use onag_core::number::Rational;

/// A class implemented natively.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Builtin {
    Object,
    Nothing,
    Boolean,
    String,
    Collection,
    List,
    Set,
    Map,
    MapEntry,
    Function,
    Class,
    Coordinates,
    Output,
    Enum,
    System,
    Script,
    Package,
    MutableList,
    MutableSet,
    MutableMap,
    Grid,
    Strip,
    Graph,
    Vertex,
    Edge,
    Table,
    Picture,
    GameValue,
    NormalValue,
    SidedValue,
    StopperSidedValue,
    CanonicalStopper,
    CanonicalShortGame,
    Uptimal,
    Pseudonumber,
    SurrealNumber,
    Rational,
    GeneralizedOrdinal,
    DyadicRational,
    Integer,
    TransfiniteNimber,
    Nimber,
    Zero,
    Player,
    OutcomeClass,
    Thermograph,
    UptimalExpansion,
    ConfusionInterval,
    Periodicity,
    Position,
    ExplicitGame,
    Ruleset,
    MisereCanonicalGame,
    MisereQuotient,
}

/// One built-in class: its qualified name and its parents' qualified
/// names (in order).
pub struct BuiltinDef {
    /// The class.
    pub id: Builtin,
    /// `game.Integer`.
    pub qualified: &'static str,
    /// The parent classes, native or from the embedded library.
    pub parents: &'static [&'static str],
}

macro_rules! builtins {
    ($($id:ident: $q:literal extends [$($p:literal),*];)*) => {
        /// Every built-in class.
        pub static BUILTINS: &[BuiltinDef] = &[
            $(BuiltinDef { id: Builtin::$id, qualified: $q, parents: &[$($p),*] },)*
        ];
    };
}

builtins! {
    Object: "cgsuite.lang.Object" extends [];
    Nothing: "cgsuite.lang.Nothing" extends ["cgsuite.lang.Object"];
    Boolean: "cgsuite.lang.Boolean" extends ["cgsuite.lang.Object"];
    String: "cgsuite.lang.String" extends ["cgsuite.lang.Object"];
    Collection: "cgsuite.lang.Collection" extends ["cgsuite.lang.Object"];
    List: "cgsuite.lang.List" extends ["cgsuite.lang.Collection"];
    Set: "cgsuite.lang.Set" extends ["cgsuite.lang.Collection"];
    Map: "cgsuite.lang.Map" extends ["cgsuite.lang.Collection"];
    MapEntry: "cgsuite.lang.MapEntry" extends ["cgsuite.lang.Object"];
    Function: "cgsuite.lang.Function" extends ["cgsuite.lang.Object"];
    Class: "cgsuite.lang.Class" extends ["cgsuite.lang.Object"];
    Coordinates: "cgsuite.lang.Coordinates" extends ["cgsuite.lang.Object"];
    Output: "cgsuite.lang.Output" extends ["cgsuite.lang.Object"];
    Enum: "cgsuite.lang.Enum" extends ["cgsuite.lang.Object"];
    System: "cgsuite.lang.System" extends ["cgsuite.lang.Object"];
    Script: "cgsuite.lang.Script" extends ["cgsuite.lang.Object"];
    Package: "cgsuite.lang.Package" extends ["cgsuite.lang.Object"];
    MutableList: "cgsuite.util.MutableList" extends ["cgsuite.lang.List"];
    MutableSet: "cgsuite.util.MutableSet" extends ["cgsuite.lang.Set"];
    MutableMap: "cgsuite.util.MutableMap" extends ["cgsuite.lang.Map"];
    Grid: "cgsuite.util.Grid" extends ["cgsuite.lang.Object"];
    Strip: "cgsuite.util.Strip" extends ["cgsuite.lang.Object"];
    Graph: "cgsuite.util.Graph" extends ["cgsuite.lang.Object"];
    Vertex: "cgsuite.util.Vertex" extends ["cgsuite.lang.Object"];
    Edge: "cgsuite.util.Edge" extends ["cgsuite.lang.Object"];
    Table: "cgsuite.util.Table" extends ["cgsuite.lang.Output"];
    Picture: "cgsuite.util.Picture" extends ["cgsuite.lang.Output"];
    GameValue: "game.GameValue" extends ["cgsuite.lang.Object"];
    NormalValue: "game.NormalValue" extends ["game.GameValue"];
    SidedValue: "game.SidedValue" extends ["game.NormalValue"];
    StopperSidedValue: "game.StopperSidedValue" extends ["game.SidedValue"];
    CanonicalStopper: "game.CanonicalStopper" extends ["game.StopperSidedValue", "game.Game"];
    CanonicalShortGame: "game.CanonicalShortGame" extends ["game.CanonicalStopper"];
    Uptimal: "game.Uptimal" extends ["game.CanonicalShortGame"];
    Pseudonumber: "game.Pseudonumber" extends ["game.CanonicalStopper"];
    SurrealNumber: "game.SurrealNumber" extends ["game.NormalValue"];
    Rational: "game.Rational" extends ["game.SurrealNumber"];
    GeneralizedOrdinal: "game.GeneralizedOrdinal" extends ["game.SurrealNumber"];
    DyadicRational: "game.DyadicRational" extends ["game.Rational", "game.Uptimal"];
    Integer: "game.Integer" extends ["game.DyadicRational", "game.GeneralizedOrdinal"];
    TransfiniteNimber: "game.TransfiniteNimber" extends ["game.NormalValue"];
    Nimber: "game.Nimber" extends ["game.Uptimal", "game.TransfiniteNimber"];
    Zero: "game.Zero" extends ["game.Integer", "game.Nimber"];
    Player: "game.Player" extends ["cgsuite.lang.Enum"];
    OutcomeClass: "game.OutcomeClass" extends ["cgsuite.lang.Enum"];
    Thermograph: "game.Thermograph" extends ["cgsuite.lang.Object"];
    UptimalExpansion: "game.UptimalExpansion" extends ["cgsuite.lang.Object"];
    ConfusionInterval: "game.ConfusionInterval" extends ["cgsuite.lang.Object"];
    Periodicity: "game.heap.Periodicity" extends ["cgsuite.lang.Object"];
    Position: "game.Position" extends ["game.Game"];
    ExplicitGame: "game.ExplicitGame" extends ["game.Game"];
    Ruleset: "game.Ruleset" extends ["cgsuite.lang.Object"];
    MisereCanonicalGame: "game.misere.MisereCanonicalGame" extends ["game.ImpartialGame"];
    MisereQuotient: "game.heap.MisereQuotient" extends ["cgsuite.lang.Object"];
}

impl Builtin {
    /// The class's short name: `Integer`.
    pub fn name(self) -> &'static str {
        short(def(self).qualified)
    }

    /// The class's qualified name: `game.Integer`.
    pub fn qualified(self) -> &'static str {
        def(self).qualified
    }
}

/// The definition of a built-in class.
pub fn def(b: Builtin) -> &'static BuiltinDef {
    BUILTINS.iter().find(|d| d.id == b).unwrap_or(&BUILTINS[0])
}

/// The built-in class of this qualified name.
pub fn by_qualified(name: &str) -> Option<Builtin> {
    BUILTINS.iter().find(|d| d.qualified == name).map(|d| d.id)
}

/// The short name of a qualified name: `Integer` for `game.Integer`.
pub fn short(qualified: &str) -> &str {
    qualified.rsplit('.').next().unwrap_or(qualified)
}

/// The packages whose classes are visible by short name everywhere
/// (SCRIPTING 6.2).
pub const GLOBAL_PACKAGES: &[&str] = &[
    "cgsuite.lang",
    "cgsuite.util",
    "game",
    "cgsuite.ui",
    "game.misere",
];

/// The built-in class a natively held value belongs to (its exact class).
/// Instances of classes declared in CGScript answer `None`.
pub fn builtin_of(v: &Value) -> Option<Builtin> {
    Some(match v {
        Value::Nothing => Builtin::Nothing,
        Value::Bool(_) => Builtin::Boolean,
        Value::Number(r) => number_class(r),
        Value::Surreal(x) if x.is_generalized_ordinal() => Builtin::GeneralizedOrdinal,
        Value::Surreal(_) => Builtin::SurrealNumber,
        Value::Transfinite(_) => Builtin::TransfiniteNimber,
        Value::Loopy(v) => match v.class_name() {
            "Pseudonumber" => Builtin::Pseudonumber,
            "CanonicalStopper" => Builtin::CanonicalStopper,
            "StopperSidedValue" => Builtin::StopperSidedValue,
            _ => Builtin::SidedValue,
        },
        Value::Game(g) => {
            if g.as_nimber().is_some() {
                Builtin::Nimber
            } else if g.is_uptimal() {
                Builtin::Uptimal
            } else {
                Builtin::CanonicalShortGame
            }
        }
        Value::Str(_) => Builtin::String,
        Value::Outcome(_) => Builtin::OutcomeClass,
        Value::Player(_) => Builtin::Player,
        Value::Coordinates(..) => Builtin::Coordinates,
        Value::List(_) => Builtin::List,
        Value::Set(_) => Builtin::Set,
        Value::Map(_) => Builtin::Map,
        Value::MapEntry(_) => Builtin::MapEntry,
        Value::MutableList(_) => Builtin::MutableList,
        Value::MutableSet(_) => Builtin::MutableSet,
        Value::MutableMap(_) => Builtin::MutableMap,
        Value::Function(_) => Builtin::Function,
        Value::Class(_) => Builtin::Class,
        Value::Output(_) => Builtin::Output,
        Value::Table(_) => Builtin::Table,
        Value::Grid(_) => Builtin::Grid,
        Value::Strip(_) => Builtin::Strip,
        Value::Object(_) => Builtin::Graph,
        Value::Vertex(_) => Builtin::Vertex,
        Value::Edge(_) => Builtin::Edge,
        Value::Thermograph(_) => Builtin::Thermograph,
        Value::Interval(_) => Builtin::ConfusionInterval,
        Value::Uptimal(_) => Builtin::UptimalExpansion,
        Value::Position(_) => Builtin::Position,
        Value::Explicit(_) => Builtin::ExplicitGame,
        Value::Ruleset(_) | Value::Schema(_) => Builtin::Ruleset,
        Value::Periodicity(_) => Builtin::Periodicity,
        Value::Picture(_) => Builtin::Picture,
        Value::Package(_) => Builtin::Package,
        Value::Script(_) => Builtin::Script,
        Value::Misere(_) => Builtin::MisereCanonicalGame,
        Value::MisereQuotient(_) => Builtin::MisereQuotient,
        Value::Instance(_) => return None,
    })
}

/// The class of a number: `Zero`, `Integer`, `DyadicRational` or `Rational`
/// (the infinities are `Rational`s, as in CGSuite).
fn number_class(r: &Rational) -> Builtin {
    if r.is_integer() {
        if r.signum() == 0 {
            Builtin::Zero
        } else {
            Builtin::Integer
        }
    } else if r.is_dyadic() {
        Builtin::DyadicRational
    } else {
        Builtin::Rational
    }
}
