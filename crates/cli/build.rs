//! Link options of the `onag` binary.
//!
//! On Linux the binary is linked as a position-dependent executable: a
//! position-independent one is relocated by the loader at every start
//! (about 28,000 relocations touching 120 pages of pointer tables), which
//! took 0.5-0.8 ms of the 1.7-2.0 ms an `onag -e '1+1'` costs (265 page
//! faults, 145 without). The libraries are unaffected.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
