//! `fast::implementation()` names the kernels this CPU runs, with the `std`
//! feature and without it (`cargo test -p litenc-runtime
//! --no-default-features --test detect`): the detection by `cpuid` and
//! `xgetbv` in `core::arch` must find what std's `is_x86_feature_detected!`
//! finds, so that a `no_std` build runs the same SIMD kernels.

use litenc_runtime::fast;

/// What std detects: the level the kernels of this CPU can run.
fn std_level() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        let avx2 = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt");
        let avx512 = avx2
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vbmi2");
        if avx512 {
            return "avx512";
        }
        if avx2 {
            return "avx2";
        }
    }
    // NEON is part of the base architecture: every aarch64 CPU has it.
    if cfg!(target_arch = "aarch64") {
        return "neon";
    }
    "portable"
}

#[test]
fn implementation_is_what_std_detects() {
    let want = if cfg!(litenc_portable) {
        "portable"
    } else {
        std_level()
    };
    assert_eq!(fast::implementation(), want);
    // Asked again, from the cache.
    assert_eq!(fast::implementation(), want);
}

/// On a CPU with AVX2 the SIMD kernels run, `std` or not; a test that
/// cannot pass quietly on a machine that has them.
#[test]
#[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
fn simd_without_std_on_an_avx2_cpu() {
    if std::is_x86_feature_detected!("avx2") {
        assert!(matches!(fast::implementation(), "avx2" | "avx512"));
    }
}

/// On aarch64 the NEON kernels run, `std` or not, Mac, Android or Linux.
#[test]
#[cfg(all(target_arch = "aarch64", not(litenc_portable)))]
fn neon_on_aarch64() {
    assert_eq!(fast::implementation(), "neon");
}

/// A kernel runs and agrees with the `const fn` whichever the level.
#[test]
fn a_kernel_answers_as_the_const_fn() {
    let text = "Привет, мир! 世界 🎉 and some ASCII to fill a vector or two........";
    let mut fast_out = [0u16; 128];
    let mut slow_out = [0u16; 128];
    let n = fast::utf16::encode_units_into(text, &mut fast_out).unwrap();
    let m = litenc_runtime::utf16::encode_units_into(text, &mut slow_out).unwrap();
    assert_eq!(fast_out[..n], slow_out[..m]);
}
