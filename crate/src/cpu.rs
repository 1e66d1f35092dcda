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

/// Whether `pext` and `pdep` are fast here (a few cycles): x86-64-v3
/// ([`has_v3`]) on a processor that does not run them in microcode. AMD's
/// before Zen 3 (CPU family 0x19) and Hygon's take time growing with the
/// set bits of the mask (measured on a Zen 1 EPYC: the solver's search 6.7
/// times slower with `pext`/`pdep` gravity than with the shift loop), so
/// there the x86-64-v3 code keeps the shift loop. Checked once.
pub(crate) fn has_fast_pext() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| has_v3() && !microcoded_pext())
}

/// Whether the processor's vendor and family are those whose `pext`/`pdep`
/// are microcoded: AMD or Hygon, family below 0x19.
fn microcoded_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        // SAFETY: every x86-64 processor has CPUID with leaves 0 and 1.
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let mut name = [0u8; 12];
        name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
        name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
        name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
        family_microcodes_pext(&name, signature)
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`microcoded_pext`] from CPUID's vendor string and leaf 1's EAX (the
/// family is the base family, plus the extended family when the base is
/// 0xF).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn family_microcodes_pext(vendor: &[u8; 12], signature: u32) -> bool {
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    matches!(vendor, b"AuthenticAMD" | b"HygonGenuine") && family < 0x19
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_is_microcoded_on_amd_before_zen_3_only() {
        // Leaf 1 EAX of real processors: family 0x17 (Zen 1 EPYC 7001,
        // Zen 2), 0x18 (Hygon Dhyana), 0x15 (Excavator), 0x19 (Zen 3),
        // 0x1A (Zen 5), and Intel family 6 (Haswell).
        assert!(family_microcodes_pext(b"AuthenticAMD", 0x0080_0F12));
        assert!(family_microcodes_pext(b"AuthenticAMD", 0x0083_0F10));
        assert!(family_microcodes_pext(b"HygonGenuine", 0x0090_0F01));
        assert!(family_microcodes_pext(b"AuthenticAMD", 0x0066_0F51));
        assert!(!family_microcodes_pext(b"AuthenticAMD", 0x00A2_0F10));
        assert!(!family_microcodes_pext(b"AuthenticAMD", 0x00B4_0F00));
        assert!(!family_microcodes_pext(b"GenuineIntel", 0x0003_06C3));
        // An extended family counts only under base family 0xF.
        assert!(!family_microcodes_pext(b"GenuineIntel", 0x00F0_06C3));
    }
}
