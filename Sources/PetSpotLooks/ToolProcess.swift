import Foundation
import Synchronization

/// Runs command-line tools (libvips's, and the tests' peers) with `posix_spawn`. Not Foundation's
/// `Process`: on Linux it copies each `/proc/self/fd` entry as a whole 256-byte name, which reads past the
/// end of the directory buffer and crashed the server (SIGSEGV), and the test run, once they held some
/// thousand open files. Here the child gets standard input and error on /dev/null, its output in a pipe,
/// and no other descriptor of the caller's.
public enum ToolProcess {
    public struct Outcome: Sendable {
        /// True when the tool exited with status 0 (not stopped by a signal or the time limit).
        public let succeeded: Bool
        /// What it wrote to its standard output, up to the limit asked for.
        public let output: [UInt8]
    }

    /// Runs `tool` with `arguments`, waiting on the calling thread; stops it after `timeout` seconds. Nil
    /// when it could not be started.
    public static func run(_ tool: String, _ arguments: [String], timeout: Double = 10, outputLimit: Int = 64 * 1024) -> Outcome? {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipe[0]) }
        guard let pid = spawn(tool, arguments, output: pipe[1]) else {
            close(pipe[1])
            return nil
        }
        close(pipe[1])
        // The time limit kills the child only while it is not yet reaped, so never a pid used again.
        let reaped = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            reaped.withLock { if !$0 { kill(pid, SIGKILL) } }
        }
        let output = read(pipe[0], limit: outputLimit)
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        var status: Int32 = 0
        let waited = reaped.withLock { done -> Bool in
            var result = waitpid(pid, &status, 0)
            while result < 0, errno == EINTR { result = waitpid(pid, &status, 0) }
            done = true
            return result == pid
        }
        // Reaped here, and exited normally (no signal) with status 0.
        return Outcome(succeeded: waited && status & 0x7f == 0 && (status >> 8) & 0xff == 0, output: output)
    }

    /// `run` on a thread of Dispatch's, so the caller's async thread is not held while the tool works.
    public static func runInBackground(_ tool: String, _ arguments: [String], timeout: Double = 10) async -> Outcome? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: run(tool, arguments, timeout: timeout)) }
        }
    }

    private static func spawn(_ tool: String, _ arguments: [String], output: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Every other descriptor closes in the child (glibc 2.34 and later; before that, the server's
        // descriptors are opened close-on-exec).
        if let closeFrom { _ = closeFrom(&actions, 3) }
        // The child starts with no signal blocked and every signal at its default: the server's threads
        // block some and ignore SIGPIPE, which a tool must not inherit.
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, tool, &actions, &attributes, argv, environ) == 0 else { return nil }
        return pid
    }

    private static func read(_ fd: Int32, limit: Int) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            // Past the limit the rest is read and dropped, so the tool never blocks on a full pipe.
            if output.count < limit { output += chunk.prefix(min(count, limit - output.count)) }
        }
        return output
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
}
