/// Whether `a` is within `tolerance` of `b` (nil is never near anything).
func nearly(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
