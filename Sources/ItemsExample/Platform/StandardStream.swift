#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output and standard error, written so that a stream nobody can read
/// (closed, `/dev/full`, a pipe whose reader left) never crashes `items`.
///
/// `FileHandle.write` traps when the write fails and `print` dies of `SIGPIPE` on a broken
/// pipe, so text goes out through `write(2)`, a failure is thrown for the caller to report
/// (or drop, on standard error, where there is nowhere left to report it), and
/// ``prepareProcess()`` ignores `SIGPIPE` once at start.
enum StandardStream: Int32, Sendable {
  case output = 1
  case error = 2

  /// Why a write failed: `errno`.
  struct WriteFailure: Error {
    var code: Int32
  }

  /// Makes the process safe to write from: ignores `SIGPIPE`, so a broken pipe is an `EPIPE`
  /// error instead of death, and puts `/dev/null` on any of descriptors 0–2 that were closed,
  /// so a file `items` opens later (the store, its lock) can never land on a standard
  /// descriptor and receive error messages.
  static func prepareProcess() {
    signal(SIGPIPE, SIG_IGN)
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open returns the lowest free descriptor, which is this one. Read-only, so a write to
      // a stream that was closed still fails (`EBADF`) and is reported, not lost.
      _ = open("/dev/null", O_RDONLY)
    }
  }

  /// Whether a person is probably watching: the stream is a terminal.
  var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Writes all of `text`, retrying short writes and interruptions; throws on any other
  /// failure.
  func write(_ text: String) throws(WriteFailure) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(rawValue, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written == -1 && errno == EINTR {
        continue
      } else {
        throw WriteFailure(code: written == 0 ? EIO : errno)
      }
    }
  }
}

// `write(2)` and `read(2)` by names no type's `write` or `read` member can shadow; the file
// system uses them too.
#if canImport(Glibc)
let systemWrite = Glibc.write
let systemRead = Glibc.read
#elseif canImport(Musl)
let systemWrite = Musl.write
let systemRead = Musl.read
#elseif canImport(Darwin)
let systemWrite = Darwin.write
let systemRead = Darwin.read
#endif
