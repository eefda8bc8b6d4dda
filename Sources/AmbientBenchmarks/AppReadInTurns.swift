import Foundation

/// The app's read, timed by the parent process while the test-context child waits, in turns
/// with the child's reads inside tests: each in-test read is then compared with the read users
/// make in their app (live values, in a task, in the app's process) as measured in the same
/// moments, not seconds earlier, on a shared machine whose speed changes by up to half for
/// seconds at a time.
///
/// The child asks on its standard output, with a line of its own, and the parent answers on
/// the child's standard input with the nanoseconds per read. A read in a test is compared with
/// the app's read in the same state of the process: with no overrides bound anywhere, or with
/// some bound elsewhere (which sends both reads through the task-local lookup; see
/// `BoundOverrides.swift`).
enum AppReadInTurns {
  private static let requestPrefix = "AMBIENT-BENCHMARK-TIME-APP-READ "
  private static let whileBoundSuffix = " while-bound"
  private static let clientSuffix = " client"

  /// In the child: has the parent time `iterations` of the app's read, and returns the
  /// nanoseconds per read.
  static func time(iterations: Int) -> Double {
    request(iterations: iterations, whileOverridesBound: false)
  }

  /// In the child: as ``time(iterations:)``, for the app's read of a client whose closures
  /// capture state (``BenchClient``), its closure called.
  static func timeClient(iterations: Int) -> Double {
    request(iterations: iterations, whileOverridesBound: false, client: true)
  }

  /// In the child: as ``time(iterations:)``, with overrides bound elsewhere in the parent while
  /// it times the read.
  static func timeWhileOverridesBound(iterations: Int) -> Double {
    request(iterations: iterations, whileOverridesBound: true)
  }

  private static func request(iterations: Int, whileOverridesBound: Bool, client: Bool = false) -> Double {
    // Whatever the child printed before goes out first, so the request is a line of its own.
    fflush(nil)
    let mode = whileOverridesBound ? whileBoundSuffix : client ? clientSuffix : ""
    let request = Array("\n\(requestPrefix)\(iterations)\(mode)\n".utf8)
    let written = request.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    guard written == request.count, let answer = readLine(), let nanoseconds = Double(answer) else {
      fatalError("the benchmark's parent did not time the app's read")
    }
    return nanoseconds
  }

  /// In the parent: reads `output` (the child's standard output) to its end, answering on
  /// `answers` (its standard input) each request with `timeAppRead` (given the iterations,
  /// whether overrides must be bound elsewhere and whether the client is read), and returns the
  /// other lines.
  static func serve(
    output: FileHandle, answers: FileHandle,
    timeAppRead: (_ iterations: Int, _ whileOverridesBound: Bool, _ client: Bool) -> Double
  ) -> [String] {
    var lines: [String] = []
    var pending = Data()
    while case let chunk = output.availableData, !chunk.isEmpty {
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        let whileBound = line.hasSuffix(whileBoundSuffix)
        let client = line.hasSuffix(clientSuffix)
        let suffix = whileBound ? whileBoundSuffix.count : client ? clientSuffix.count : 0
        let count = line.dropFirst(requestPrefix.count).dropLast(suffix)
        guard line.hasPrefix(requestPrefix), let iterations = Int(count) else {
          lines.append(line)
          continue
        }
        answers.write(Data("\(timeAppRead(iterations, whileBound, client))\n".utf8))
      }
    }
    if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
    return lines
  }
}
