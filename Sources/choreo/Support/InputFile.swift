import ArgumentParser
import ChoreoLua
import ChoreoRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Checks a file the command line names for reading (a scene, a script): it must exist and be a
/// regular file of at most `ScriptFile.maximumSize` bytes, so a FIFO, a device or a folder is
/// refused as a usage error (exit status 2) before anything opens it.
func validateInputFile(_ path: String, what: String) throws {
    do { try ScriptFile.checkRegularFile(path) } catch {
        throw ValidationError("\(what): \(error)")
    }
}

/// Checks `--allow-root` folders: each must be an existing folder.
func validateAllowedRoots(_ roots: [String]) throws {
    for root in roots {
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ValidationError("--allow-root must name an existing folder (got \(root))")
        }
    }
}
