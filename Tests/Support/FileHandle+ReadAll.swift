import Foundation
import Glibc

/// Shared by the test targets that run child processes (`ChoreoTestSupport`).
extension FileHandle {
    /// Everything left to read, retrying a read a signal interrupted: Foundation's
    /// `readDataToEndOfFile()` traps on `EINTR` ("Interrupted system call"), which a test
    /// process that runs children in parallel can meet.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
