import Foundation

@testable import ItemsExample

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `items` executable as a child process, as a shell would, with each standard
/// stream chosen by the test: captured, closed, a file such as `/dev/full`, or a pipe nobody
/// reads. Waiting is bounded: a child still running after `limit` seconds is killed and the
/// run says so.
struct ItemsProcess {
  enum Stream {
    /// A pipe the test reads to the end.
    case captured
    /// The descriptor is closed before `items` starts.
    case closed
    /// The file at the path, opened for writing (`/dev/full`: every write fails).
    case file(String)
    /// A pipe whose reading end is already closed: every write is `EPIPE` (or `SIGPIPE`).
    case brokenPipe
    /// A pseudo-terminal the test reads, as when a person runs `items` in a terminal.
    case terminal
  }

  struct Result: Sendable {
    /// The exit status, or `nil` when a signal ended the process.
    var status: Int32?
    /// The signal that ended the process, if one did.
    var signal: Int32?
    var output: String
    var errorOutput: String
    var timedOut: Bool
  }

  /// The `items` executable built beside the test bundle (`swift build` builds it).
  static var executable: URL {
    get throws {
      var candidates = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
      candidates.append(
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
      for directory in candidates {
        let url = directory.appendingPathComponent("items")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
      throw FailureReason(
        description: "no built items beside the tests in \(candidates.map(\.path)); run swift build first")
    }
  }

  /// Where root's tests run `items` as `nobody`, who meets permission bits as any user does
  /// (root may read and search everything): util-linux's `setpriv` in front of `items`; no
  /// launcher for anyone else; `nil` where root has no `setpriv`.
  static let asOrdinaryUser: [String]? = {
    guard geteuid() == 0 else { return [] }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv), ordinaryUserReachesExecutable else { return nil }
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
  }()

  /// Whether a user other than the owner can reach the built `items`: every directory above it
  /// searchable by others. A checkout inside a private directory (`mktemp -d` makes one) is not,
  /// and `nobody` could not even start the program there.
  private static var ordinaryUserReachesExecutable: Bool {
    guard var directory = try? executable.deletingLastPathComponent() else { return false }
    while directory.path != "/" {
      let attributes = try? FileManager.default.attributesOfItem(atPath: directory.path)
      guard let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o001 != 0 else {
        return false
      }
      directory.deleteLastPathComponent()
    }
    return true
  }

  var arguments: [String]
  /// A program that starts `items` with the arguments that follow, such as ``asOrdinaryUser``.
  var launcher: [String] = []
  var environment: [String: String] = [:]
  var output = Stream.captured
  var errorOutput = Stream.captured
  var limit: Double = 30

  /// Starts `items`, waits for it on a thread of its own (never on the concurrency pool, which
  /// many waiting children would starve) and returns how it ended.
  func run() async throws -> Result {
    let command = launcher + [try Self.executable.path]
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Swift.Result { try spawnAndWait(command) })
      }.start()
    }
  }

  /// Held from creating a child's pipes to spawning it (see ``pipe()``).
  private static let spawnLock = NSLock()

  private func spawnAndWait(_ command: [String]) throws -> Result {
    Self.spawnLock.lock()
    var locked = true
    defer { if locked { Self.spawnLock.unlock() } }
    var actions = FileActions()
    defer { actions.destroy() }
    var readers: [Int32: Int32] = [:]
    var toClose: [Int32] = []
    defer { for descriptor in toClose { _ = close(descriptor) } }
    actions.open(0, "/dev/null", O_RDONLY)
    for (descriptor, stream) in [(Int32(1), output), (Int32(2), errorOutput)] {
      switch stream {
      case .captured, .brokenPipe:
        let (read, write) = try Self.pipe()
        actions.duplicate(write, to: descriptor)
        toClose.append(write)
        if case .brokenPipe = stream { _ = close(read) } else { readers[descriptor] = read }
      case .terminal:
        let (master, terminal) = try Self.pseudoTerminal()
        actions.open(descriptor, terminal, O_RDWR | O_NOCTTY)
        readers[descriptor] = master
      case .closed:
        actions.close(descriptor)
      case .file(let file):
        actions.open(descriptor, file, O_WRONLY)
      }
    }
    var attributes = SpawnAttributes()
    defer { attributes.destroy() }
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions.value, &attributes.value, argv, envp)
    guard spawned == 0 else { throw FailureReason.posix(spawned) }
    Self.spawnLock.unlock()
    locked = false
    let child = pid
    // The child has its copies; ours must go so the pipes reach end-of-file when it exits.
    for descriptor in toClose { _ = close(descriptor) }
    toClose = []

    let finished = LockedFlag()
    DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
      if finished.set(timedOut: true) { kill(child, SIGKILL) }
    }
    let texts = Texts()
    let group = DispatchGroup()
    for (descriptor, read) in readers {
      DispatchQueue.global().async(group: group) { texts.set(Self.readAll(read), for: descriptor) }
    }
    group.wait()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let timedOut = !finished.set(timedOut: false)
    let signal = status & 0x7f
    return Result(
      status: signal == 0 ? (status >> 8) & 0xff : nil,
      signal: signal == 0 ? nil : signal,
      output: texts.text(for: 1),
      errorOutput: texts.text(for: 2),
      timedOut: timedOut
    )
  }

  private static func pipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard systemPipe(&descriptors) == 0 else { throw FailureReason.posix(errno) }
    // Close-on-exec, so children spawned by tests running in parallel never hold our pipes
    // open; `spawnLock` keeps any spawn from slipping in before this is set.
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  /// A new pseudo-terminal: the end the test reads, and the path `items` opens.
  private static func pseudoTerminal() throws -> (master: Int32, path: String) {
    // Glibc's Swift module leaves out the XSI pseudo-terminal calls, so they are looked up.
    typealias Open = @convention(c) (Int32) -> Int32
    typealias Grant = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    func symbol<T>(_ name: String, as: T.Type) throws -> T {
      guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else {
        throw FailureReason(description: "no \(name) in this C library")
      }
      return unsafeBitCast(address, to: T.self)
    }
    let openPseudoTerminal = try symbol("posix_openpt", as: Open.self)
    let grantpt = try symbol("grantpt", as: Grant.self)
    let unlockpt = try symbol("unlockpt", as: Grant.self)
    let ptsname = try symbol("ptsname", as: Name.self)
    let master = openPseudoTerminal(O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw FailureReason.posix(errno) }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      let failure = FailureReason.posix(errno)
      _ = close(master)
      throw failure
    }
    return (master, String(cString: name))
  }

  /// Reads to the end: end-of-file for a pipe, `EIO` for a terminal whose other side closed.
  private static func readAll(_ descriptor: Int32) -> String {
    defer { _ = close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        bytes += buffer[..<count]
      } else if count == -1 && errno == EINTR {
        continue
      } else {
        return String(decoding: bytes, as: UTF8.self)
      }
    }
  }
}

/// What each captured stream said, filled in by the threads that read them.
private final class Texts: @unchecked Sendable {
  // @unchecked: `texts` is only touched under `lock`.
  private let lock = NSLock()
  private var texts: [Int32: String] = [:]

  func set(_ text: String, for descriptor: Int32) {
    lock.lock()
    defer { lock.unlock() }
    texts[descriptor] = text
  }

  func text(for descriptor: Int32) -> String {
    lock.lock()
    defer { lock.unlock() }
    return texts[descriptor] ?? ""
  }
}

/// Decides once whether a run finished or timed out, whichever comes first.
private final class LockedFlag: @unchecked Sendable {
  // @unchecked: `decided` is only touched under `lock`.
  private let lock = NSLock()
  private var decided = false

  /// `true` when this call decided the outcome.
  func set(timedOut: Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if decided { return false }
    decided = true
    return true
  }
}

/// `posix_spawn_file_actions_t`, whose Swift type differs between Glibc and Darwin.
private struct FileActions {
  #if canImport(Darwin)
  var value: posix_spawn_file_actions_t? = nil
  #else
  var value = posix_spawn_file_actions_t()
  #endif

  init() { posix_spawn_file_actions_init(&value) }
  mutating func destroy() { posix_spawn_file_actions_destroy(&value) }
  mutating func open(_ descriptor: Int32, _ path: String, _ flags: Int32) {
    posix_spawn_file_actions_addopen(&value, descriptor, path, flags, 0)
  }
  mutating func duplicate(_ source: Int32, to descriptor: Int32) {
    posix_spawn_file_actions_adddup2(&value, source, descriptor)
  }
  mutating func close(_ descriptor: Int32) { posix_spawn_file_actions_addclose(&value, descriptor) }
}

/// Spawn attributes that give the child every signal's default action, so `SIGPIPE` kills it
/// unless `items` itself ignores it (a test runner may ignore it, and that would be inherited).
private struct SpawnAttributes {
  #if canImport(Darwin)
  var value: posix_spawnattr_t? = nil
  #else
  var value = posix_spawnattr_t()
  #endif

  init() {
    posix_spawnattr_init(&value)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    posix_spawnattr_setsigdefault(&value, &signals)
    posix_spawnattr_setflags(&value, Int16(POSIX_SPAWN_SETSIGDEF))
  }

  mutating func destroy() { posix_spawnattr_destroy(&value) }
}

#if canImport(Glibc)
private let systemPipe = Glibc.pipe
#elseif canImport(Musl)
private let systemPipe = Musl.pipe
#elseif canImport(Darwin)
private let systemPipe = Darwin.pipe
#endif
