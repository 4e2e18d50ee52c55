//! The class files embedded in the binary: the library (`game.Game`,
//! `game.ImpartialGame`, ... written in CGScript, with their native parts
//! declared `external`), which always comes first on the library path, and
//! the examples (`examples.Clobber`...), which come last so that a user's
//! own files replace them.

/// The library: path (package folders and file name) and text.
pub static LIBRARY: &[(&str, &str)] = &[
    ("game/Game.cgs", include_str!("../library/game/Game.cgs")),
    (
        "game/ImpartialGame.cgs",
        include_str!("../library/game/ImpartialGame.cgs"),
    ),
    (
        "cgsuite/util/Symmetry.cgs",
        include_str!("../library/cgsuite/util/Symmetry.cgs"),
    ),
    (
        "cgsuite/util/Icon.cgs",
        include_str!("../library/cgsuite/util/Icon.cgs"),
    ),
    (
        "game/grid/GridRuleset.cgs",
        include_str!("../library/game/grid/GridRuleset.cgs"),
    ),
    (
        "game/strip/StripRuleset.cgs",
        include_str!("../library/game/strip/StripRuleset.cgs"),
    ),
];

/// The examples (the repository's `examples` folder): path and text.
pub static EXAMPLES: &[(&str, &str)] = &[
    (
        "examples/Clobber.cgs",
        include_str!("../../../examples/Clobber.cgs"),
    ),
    (
        "examples/Domineering.cgs",
        include_str!("../../../examples/Domineering.cgs"),
    ),
    (
        "examples/Nim.cgs",
        include_str!("../../../examples/Nim.cgs"),
    ),
    (
        "examples/PartizanSubtraction.cgs",
        include_str!("../../../examples/PartizanSubtraction.cgs"),
    ),
    (
        "examples/TopplingDominoes.cgs",
        include_str!("../../../examples/TopplingDominoes.cgs"),
    ),
];
