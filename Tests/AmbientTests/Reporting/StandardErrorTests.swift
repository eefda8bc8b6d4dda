import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A warning that cannot be written is dropped and the program goes on: each case runs in a
/// child process whose standard error cannot take it, writes, and must then exit normally.
@Suite(oneMinuteLimit) struct StandardErrorTests {
  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(Windows)
  @Test func aWarningToAClosedStandardErrorIsDropped() async {
    await #expect(processExitsWith: .success) {
      close(2)
      StandardError.write("dropped")
      exit(StandardErrorTests.signalState())
    }
  }

  @Test func aWarningToABrokenPipeIsDroppedWithoutRaisingSIGPIPE() async {
    await #expect(processExitsWith: .success) {
      // The default disposition, which stops the process, so that a raised SIGPIPE would show.
      signal(SIGPIPE, SIG_DFL)
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { exit(10) }
      close(ends[0])
      dup2(ends[1], 2)
      StandardError.write("dropped")
      StandardError.write(String(repeating: "more than a pipe holds ", count: 10_000))
      exit(StandardErrorTests.signalState())
    }
  }

  #if os(Linux)
  @Test func aWarningToAFullDeviceIsDropped() async {
    await #expect(processExitsWith: .success) {
      let full = open("/dev/full", O_WRONLY)
      guard full >= 0 else { exit(10) }
      dup2(full, 2)
      StandardError.write("dropped")
      exit(StandardErrorTests.signalState())
    }
  }
  #endif

  /// 0 when the write left no SIGPIPE pending and none blocked: the thread is as it was.
  static func signalState() -> Int32 {
    var pending = sigset_t()
    sigemptyset(&pending)
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1 { return 11 }
    var mask = sigset_t()
    sigemptyset(&mask)
    pthread_sigmask(SIG_SETMASK, nil, &mask)
    if sigismember(&mask, SIGPIPE) == 1 { return 12 }
    return 0
  }

  @Test func aWarningIsWrittenWholeEndingWithOneNewline() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      StandardError.write("first")
      StandardError.write("second\n")
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("first\nsecond\n"))
  }
  #endif
}
