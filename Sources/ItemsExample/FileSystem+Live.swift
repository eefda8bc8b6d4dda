import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
  /// The real disk, through POSIX calls where durability or locking needs them.
  static let liveValue = FileSystem(
    read: { url, limit in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
      // Foundation's own error for this is a bare code on Linux.
      guard !isDirectory.boolValue else { throw FailureReason(description: "it is a directory") }
      guard let limit else { return try Data(contentsOf: url) }
      return try read(url, limit: limit)
    },
    write: { data, url, permissions in
      let descriptor = try posix {
        open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions ?? 0o666))
      }
      var closed = false
      defer { if !closed { _ = close(descriptor) } }
      // open's mode passes through the umask; the store's own bits must survive as they were.
      if let permissions { try posix { fchmod(descriptor, mode_t(permissions)) } }
      try data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = try posix { systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
          offset += Int(written)
        }
      }
      try posix { fsync(descriptor) }
      closed = true
      // Never retried: on Linux the descriptor is gone even when close reports EINTR.
      if close(descriptor) != 0 && errno != EINTR { throw FailureReason.posix(errno) }
    },
    replace: { source, destination in
      try posix { rename(source.path, destination.path) }
      try syncDirectory(destination.deletingLastPathComponent())
    },
    remove: { url in try FileManager.default.removeItem(at: url) },
    createDirectory: { url in
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    },
    permissions: { url in
      var status = stat()
      guard stat(url.path, &status) == 0 else {
        if errno == ENOENT { return nil }
        throw FailureReason.posix(errno)
      }
      return Int(status.st_mode & 0o7777)
    },
    resolveLinks: { url in try resolveLinks(url) },
    contents: { directory in try FileManager.default.contentsOfDirectory(atPath: directory.path) },
    lock: { url in
      let descriptor = try posix { open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666) }
      // flock, not fcntl: an fcntl lock is dropped when any descriptor of the file closes.
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let failure = FailureReason.posix(errno)
          _ = close(descriptor)
          throw failure
        }
      }
      // Closing the descriptor releases the lock, as the kernel does when the holder dies.
      return FileLock(release: { _ = close(descriptor) })
    }
  )

  /// Reads in chunks, so a file that never ends (a device, a FIFO) stops at the limit.
  private static func read(_ url: URL, limit: Int) throws -> Data {
    let descriptor = try posix { open(url.path, O_RDONLY | O_CLOEXEC) }
    defer { _ = close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = try posix { systemRead(descriptor, &buffer, buffer.count) }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
      if data.count > limit { throw SizeLimitExceeded() }
    }
  }

  /// Follows links in the last component, at most 32 of them (as the kernel's limit does).
  private static func resolveLinks(_ url: URL) throws -> URL {
    var current = url
    for _ in 0..<32 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current.path, &buffer, buffer.count - 1)
      guard count >= 0 else {
        // Not a link (or nothing there): this is where the file is.
        if errno == EINVAL || errno == ENOENT { return current }
        throw FailureReason.posix(errno)
      }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? URL(fileURLWithPath: target)
        : current.deletingLastPathComponent().appendingPathComponent(target)
    }
    throw FailureReason.posix(ELOOP)
  }

  /// Makes a rename in the directory durable; file systems that cannot sync a directory say
  /// so with `EINVAL`, which is no failure of ours.
  private static func syncDirectory(_ directory: URL) throws {
    let descriptor = try posix { open(directory.path, O_RDONLY | O_CLOEXEC) }
    defer { _ = close(descriptor) }
    if fsync(descriptor) != 0 && errno != EINVAL { throw FailureReason.posix(errno) }
  }
}

/// Runs a system call, retrying it when a signal interrupted it, and throws `errno`'s words
/// when it fails.
@discardableResult
private func posix<Result: BinaryInteger>(_ call: () -> Result) throws -> Result {
  while true {
    let result = call()
    if result >= 0 { return result }
    if errno != EINTR { throw FailureReason.posix(errno) }
  }
}
