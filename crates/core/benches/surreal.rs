//! Benchmarks of the surreal tower: transfinite nim products of ordinals
//! of growing size up to the range limit `ω^(ω^55)` (SURREAL 7.5), nim
//! inverses, quotients in lowest terms, and sign expansions of quotients
//! with large terms (finite and periodic normal forms) and back.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use onag_core::nim::transfinite::{nim_inverse, nim_power, nim_product};
use onag_core::number::Integer;
use onag_core::sign_expansion::SignExpansion;
use onag_core::surreal::{GeneralizedOrdinal, Ordinal, SurrealNumber};

/// `ω^(ω^k·a)`.
fn kappa_power(k: u64, a: u64) -> Ordinal {
    Ordinal::omega_power(Ordinal::monomial(Ordinal::from(k), Integer::from(a)))
}

/// A sum of t terms `ω^(ω^j·(j+2))·(j+3)` for j = k, k−1, …: an ordinal
/// with t terms below `ω^(ω^(k+1))`.
fn wide_ordinal(k: u64, t: u64) -> Ordinal {
    let terms = (0..t).map(|i| {
        let j = k.saturating_sub(i);
        let e = Ordinal::monomial(Ordinal::from(j), Integer::from(j + 2 + i));
        (e, Integer::from(j + 3))
    });
    GeneralizedOrdinal::from_terms(terms)
        .to_ordinal()
        .unwrap_or_default()
}

fn nim_products(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim product ω^(ω^k·a) ⊗ ω^(ω^k·b), carries");
    group.sample_size(20);
    for k in [0u64, 2, 8, 20, 40, 53] {
        let (a, b) = (kappa_power(k, 1000), kappa_power(k, 999));
        group.bench_with_input(BenchmarkId::from_parameter(k), &k, |bench, _| {
            bench.iter(|| nim_product(&a, &b))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("nim product of two sums of t terms below ω^(ω^21)");
    group.sample_size(10);
    for t in [1u64, 2, 4, 8, 16] {
        let (a, b) = (wide_ordinal(20, t), wide_ordinal(19, t));
        group.bench_with_input(BenchmarkId::from_parameter(t), &t, |bench, _| {
            bench.iter(|| nim_product(&a, &b))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("nim power");
    group.sample_size(10);
    for (k, n) in [(41u64, 191u64), (42, 193), (53, 257)] {
        let a = kappa_power(k, 1);
        group.bench_with_input(BenchmarkId::new("ω^(ω^k)", k), &n, |bench, &n| {
            bench.iter(|| nim_power(&a, &Integer::from(n)))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("nim inverse of ω^(ω^k) + ω + 1");
    group.sample_size(10);
    for k in [1u64, 2, 3, 4] {
        let a = GeneralizedOrdinal::from_terms([
            (Ordinal::omega_power(Ordinal::from(k)), Integer::one()),
            (Ordinal::one(), Integer::one()),
            (Ordinal::zero(), Integer::one()),
        ])
        .to_ordinal()
        .unwrap_or_default();
        group.bench_with_input(BenchmarkId::from_parameter(k), &k, |bench, _| {
            bench.iter(|| nim_inverse(&a))
        });
    }
    group.finish();
}

/// `(ω^(ω·n)·c + … + 1) / d` with n terms and coefficients of `bits` bits.
fn large_quotient(n: u64, bits: u64, denominator: GeneralizedOrdinal) -> SurrealNumber {
    let c = Integer::one().shl(bits) + Integer::from(7);
    let p = GeneralizedOrdinal::from_terms((0..n).map(|i| {
        let e = Ordinal::monomial(Ordinal::one(), Integer::from(i + 1));
        (e, &c + &Integer::from(i))
    }));
    SurrealNumber::from_quotient(p, denominator).unwrap_or_else(|_| SurrealNumber::zero())
}

fn sign_expansions(c: &mut Criterion) {
    let mut group = c.benchmark_group("sign expansion of a quotient by 3ω^2, n terms of 64 bits");
    group.sample_size(10);
    for n in [1u64, 4, 16, 64] {
        let d = GeneralizedOrdinal::monomial(Integer::from(3), Ordinal::from(2));
        let x = large_quotient(n, 64, d);
        group.bench_with_input(BenchmarkId::new("expand", n), &n, |bench, _| {
            bench.iter(|| SignExpansion::of(&x))
        });
        let s = SignExpansion::of(&x).ok();
        group.bench_with_input(BenchmarkId::new("read back", n), &n, |bench, _| {
            bench.iter(|| s.as_ref().map(SignExpansion::value))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("sign expansion of a quotient by ω^m + 1 (periodic)");
    group.sample_size(10);
    for m in [1u64, 2, 4, 8] {
        let d = GeneralizedOrdinal::from_terms([
            (Ordinal::from(m), Integer::one()),
            (Ordinal::zero(), Integer::one()),
        ]);
        let x = large_quotient(3, 8, d);
        group.bench_with_input(BenchmarkId::new("expand", m), &m, |bench, _| {
            bench.iter(|| SignExpansion::of(&x))
        });
        let s = SignExpansion::of(&x).ok();
        group.bench_with_input(BenchmarkId::new("read back", m), &m, |bench, _| {
            bench.iter(|| s.as_ref().map(SignExpansion::value))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("lowest terms of (x^n − 1)/(x^m − 1), x = ω^ω");
    group.sample_size(10);
    for n in [6u64, 12, 24, 48] {
        let x = |k: u64| {
            GeneralizedOrdinal::from_terms([
                (
                    Ordinal::monomial(Ordinal::one(), Integer::from(k)),
                    Integer::one(),
                ),
                (Ordinal::zero(), Integer::from(-1)),
            ])
        };
        let (p, q) = (x(n), x(n / 2 + 1));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |bench, _| {
            bench.iter(|| SurrealNumber::from_quotient(p.clone(), q.clone()))
        });
    }
    group.finish();
}

criterion_group!(benches, nim_products, sign_expansions);
criterion_main!(benches);
