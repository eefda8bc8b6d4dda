import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends this process's standard error into a pipe it reads itself: for exit-test bodies that
/// must see what Ambient reported before they end a process that would otherwise wait forever.
final class StandardErrorCapture: @unchecked Sendable {
  // @unchecked: immutable, two file descriptors set in `init`.
  private let original: Int32
  private let readEnd: Int32

  init() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe failed")
    original = dup(2)
    dup2(ends[1], 2)
    close(ends[1])
    readEnd = ends[0]
  }

  /// Everything written until `marker` has appeared, or (without one) until ``restore()``
  /// ends the capture.
  func read(until marker: String? = nil) -> String {
    var captured: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while marker.map({ !String(decoding: captured, as: UTF8.self).contains($0) }) ?? true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(readEnd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      captured += buffer[..<count]
    }
    return String(decoding: captured, as: UTF8.self)
  }

  /// Points standard error back where it was (closing the pipe's last write end).
  func restore() {
    dup2(original, 2)
  }

  /// Writes `text` to the original standard error, where the parent process observes it.
  func forward(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(original, bytes.baseAddress, bytes.count) }
  }
}
