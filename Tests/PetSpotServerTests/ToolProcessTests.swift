import Foundation
import PetSpotLooks
@testable import PetSpotServer
import Testing

/// The photo tools run through `ToolProcess`: their output is read, a failure or a hang is a failure, and
/// none of the server's open files reaches them.
@Suite struct ToolProcessTests {
    @Test func theOutputIsReadAndAFailureIsOne() async throws {
        let echo = try #require(ToolProcess.run("/bin/echo", ["4032x3024", "uchar"]))
        #expect(echo.succeeded && String(decoding: echo.output, as: UTF8.self) == "4032x3024 uchar\n")
        #expect(ToolProcess.run("/bin/false", [])?.succeeded == false)
        #expect(ToolProcess.run("/nonexistent/tool", []) == nil)
        #expect(await ToolProcess.runInBackground("/bin/sh", ["-c", "exit 0"])?.succeeded == true)
    }

    @Test func theToolStartsWithNoSignalBlockedOrIgnored() throws {
        let status = try #require(ToolProcess.run("/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"]))
        let lines = String(decoding: status.output, as: UTF8.self).split(separator: "\n")
        // Signals 1 to 31 (glibc keeps its own two, 32 and 33, apart).
        let masks = lines.compactMap { $0.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) } }
        #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7FFF_FFFF == 0 }, "\(lines)")
    }

    @Test func aToolThatHangsIsStopped() {
        let started = Date()
        #expect(ToolProcess.run("/bin/sleep", ["30"], timeout: 0.5)?.succeeded == false)
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func theServersOpenFilesStayOutOfTheTool() throws {
        // Files the server holds, opened without close-on-exec on purpose.
        let files = (0..<300).map { _ in open("/dev/null", O_RDONLY) }
        defer { files.forEach { close($0) } }
        #expect(files.allSatisfy { $0 > 2 })
        let listing = try #require(ToolProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"]))
        let inherited = String(decoding: listing.output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(!inherited.isEmpty && Set(inherited).isSubset(of: [0, 1, 2, 3, 255]), "\(inherited)")
        // Many runs beside the open files (Foundation's Process read past a buffer here).
        for _ in 0..<50 { #expect(ToolProcess.run("/bin/true", [])?.succeeded == true) }
    }
}
