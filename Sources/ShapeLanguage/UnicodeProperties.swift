/// The Unicode properties the core asks about beyond ASCII: whether a character is a letter (a
/// name may hold letters of any script) and whether it shows as an emoji picture (two terminal
/// cells under a diagnostic's caret). As sorted inclusive ranges of scalars, first and last, so
/// that the WebAssembly build carries no Unicode property tables; UnicodePropertiesTests checks
/// every scalar against the standard library's own answers. The ranges (`letters`,
/// `emojiPresentation`) are in UnicodePropertyTables.swift, written by scripts/unicode-tables.
public enum UnicodeProperties {
    /// `Character.isLetter` of a character starting with this scalar (it asks the first scalar).
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool { contains(letters, scalar.value) }
    /// `Unicode.Scalar.Properties.isEmojiPresentation`.
    public static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool { contains(emojiPresentation, scalar.value) }

    static func contains(_ ranges: [UInt32], _ v: UInt32) -> Bool {
        // The last range whose first scalar is at most v.
        var low = 0, high = ranges.count / 2
        while low < high {
            let mid = (low + high) / 2
            if ranges[2 * mid] <= v { low = mid + 1 } else { high = mid }
        }
        return low > 0 && v <= ranges[2 * (low - 1) + 1]
    }
}
