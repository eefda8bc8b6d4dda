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
    read: { url, limit in try read(url, limit: limit) },
    write: { data, url, attributes in
      let descriptor = try posix {
        open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(attributes?.permissions ?? 0o666))
      }
      var closed = false
      defer { if !closed { _ = close(descriptor) } }
      if let attributes { try give(attributes, to: descriptor) }
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
    attributes: { url in
      var status = stat()
      guard stat(url.path, &status) == 0 else {
        if errno == ENOENT { return nil }
        throw FailureReason.posix(errno)
      }
      return FileAttributes(permissions: Int(status.st_mode & 0o7777), owner: status.st_uid, group: status.st_gid)
    },
    resolveLinks: { url in try resolveLinks(url) },
    contents: { directory in try FileManager.default.contentsOfDirectory(atPath: directory.path) },
    lock: { url in
      // Waiting, the lock is always taken or an error thrown.
      try lock(url, waiting: true)!
    },
    lockIfFree: { url in try lock(url, waiting: false) }
  )

  /// Reads in chunks, so a file that never ends (a device, a FIFO) stops at the limit.
  private static func read(_ url: URL, limit: Int?) throws -> Data? {
    // Without a limit only a regular file will do, so a FIFO is opened without waiting for a
    // writer and refused; with one, a FIFO's reader waits for its writer as a shell's would.
    let flags = O_RDONLY | O_CLOEXEC | (limit == nil ? O_NONBLOCK : 0)
    var descriptor: Int32
    repeat { descriptor = open(url.path, flags) } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      // Only a missing file is nothing; any other failure means there may be a file, unread.
      if errno == ENOENT { return nil }
      throw FailureReason.posix(errno)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    try posix { fstat(descriptor, &status) }
    let kind = status.st_mode & S_IFMT
    // Our own words: Foundation says "You don't have permission" for a device or a FIFO, even
    // to root, and gives a bare code for a directory.
    if kind == S_IFDIR { throw FailureReason(description: "it is a directory") }
    if kind != S_IFREG && limit == nil {
      throw FailureReason(description: "it is \(describe(kind: kind)), not a regular file")
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = try posix { systemRead(descriptor, &buffer, buffer.count) }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
      if let limit, data.count > limit { throw SizeLimitExceeded() }
    }
  }

  private static func describe(kind: mode_t) -> String {
    switch kind {
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    default: "something other than a file"
    }
  }

  /// Gives a new file the owner, group and permission bits of the one it replaces.
  private static func give(_ attributes: FileAttributes, to descriptor: Int32) throws {
    var status = stat()
    try posix { fstat(descriptor, &status) }
    if status.st_uid != attributes.owner || status.st_gid != attributes.group {
      // Only an administrator may give a file away; anyone else saving another's store keeps
      // at least its group, so the people it is shared with keep their access. A group the
      // saver may not give either fails the save, leaving the store as it was.
      if fchown(descriptor, attributes.owner, attributes.group) != 0 {
        guard errno == EPERM else { throw FailureReason.posix(errno) }
        try posix { fchown(descriptor, uid_t.max, attributes.group) }
      }
    }
    // After the chown, which clears set-ID bits; and open's mode passed through the umask.
    try posix { fchmod(descriptor, mode_t(attributes.permissions)) }
  }

  /// Opens (creating it when missing) and locks the file; `nil` when not waiting and another
  /// process holds the lock.
  private static func lock(_ url: URL, waiting: Bool) throws -> FileLock? {
    let descriptor = try posix { open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666) }
    // flock, not fcntl: an fcntl lock is dropped when any descriptor of the file closes.
    while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      guard errno == EINTR else {
        let code = errno
        _ = close(descriptor)
        if code == EWOULDBLOCK && !waiting { return nil }
        throw FailureReason.posix(code)
      }
    }
    // Closing the descriptor releases the lock, as the kernel does when the holder dies.
    return FileLock(release: { _ = close(descriptor) })
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
