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
