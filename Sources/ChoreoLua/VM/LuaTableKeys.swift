/// A Lua table whose keys the host can list: a table argument read in place
/// (``LuaTableArgument``) or one the host keeps (``LuaTableRef``).
///
/// It is where an options table is checked for keys its function does not take, so every
/// binding words that error the same way:
///
///     try options.checkKeys(allowed: ["duration", "delay"], of: "option")
///     // View.animate: unknown option 'speed' (valid: duration, delay)
public protocol LuaTableKeys {
    /// The keys that are names or integers, in the order `pairs` visits them (integers, then
    /// names in byte order); other keys are skipped.
    var keys: [LuaKey] { get }
}

extension LuaTableKeys {
    /// Checks that every key is one of the `allowed` names; the first that is not (an integer
    /// key never is) is an error naming it and listing them in order.
    ///
    /// - Parameter what: what a key is, as the message calls it: `option`, `property`,
    ///   `field of a "count" repetition`.
    public func checkKeys(allowed: [String], of what: String) throws(UnknownKeyError) {
        for key in keys {
            guard case .name(let name) = key, allowed.contains(name) else {
                throw UnknownKeyError(key: key.description, owner: what, valid: allowed)
            }
        }
    }
}

extension LuaTableArgument: LuaTableKeys {}
extension LuaTableRef: LuaTableKeys {}

/// A key a table must not have, listing the ones it may: `unknown option 'speed' (valid:
/// duration, delay)`. A host function raises it as `Name.call: <description>`.
public struct UnknownKeyError: Error, Equatable, CustomStringConvertible {
    /// The key as the script wrote it: `speed`, or `[1]` for an array entry.
    public var key: String
    /// What a key is: `option`, `property`, `field of a "count" repetition`.
    public var owner: String
    public var valid: [String]

    public var description: String { "unknown \(owner) '\(key)' (valid: \(valid.joined(separator: ", ")))" }
}
