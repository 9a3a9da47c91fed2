import CLua

/// Facts about the Lua library Choreo is linked against.
public enum LuaLibrary {
    /// The version number of the linked Lua, as `LUA_VERSION_NUM` (504 for Lua 5.4).
    ///
    /// Read from a fresh state rather than the header, so it tells the library that is actually
    /// loaded at run time.
    public static var versionNumber: Int {
        guard let state = luaL_newstate() else { return 0 }
        defer { lua_close(state) }
        return Int(lua_version(state))
    }
}
