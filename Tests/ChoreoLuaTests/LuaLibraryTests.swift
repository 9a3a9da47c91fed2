import Testing
@testable import ChoreoLua

@Test("The linked Lua library is version 5.4")
func linkedLuaIs54() {
    #expect(LuaLibrary.versionNumber == 504)
}
