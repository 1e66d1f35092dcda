//! The processor check behind the engines' run-time choice of code compiled
//! for x86-64-v3 (AVX2, BMI1, BMI2 with `pext`/`pdep`, LZCNT, POPCNT: x86-64
//! processors from 2013 on). The features checked and the features such
//! code is compiled for are written once, here.

/// Whether the processor runs code compiled with [`v3_fn!`]: it has AVX2,
/// BMI1, BMI2, LZCNT and POPCNT. Always false off x86-64. (The standard
/// library caches what the processor reported, so a call is a few loads.)
#[inline]
pub(crate) fn has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// For tests of the x86-64-v3 code: whether it can run here. Where it
/// cannot, the test says that it checked nothing (on stderr), and fails
/// instead when `CLEARBOARD_REQUIRE_V3` is set (as CI on this project's
/// machine does), so a skip never passes unnoticed there.
#[cfg(test)]
pub(crate) fn v3_for_test(what: &str) -> bool {
    let here = has_v3();
    if !here {
        assert!(
            std::env::var_os("CLEARBOARD_REQUIRE_V3").is_none(),
            "{what}: CLEARBOARD_REQUIRE_V3 is set but this processor lacks x86-64-v3"
        );
        eprintln!("{what}: skipped, this processor lacks x86-64-v3");
    }
    here
}

/// Defines the `unsafe fn` that follows on x86-64 only, compiled for the
/// features [`has_v3`] checks; call it only where [`has_v3`] is true.
macro_rules! v3_fn {
    ($item:item) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        $item
    };
}

pub(crate) use v3_fn;
