import Foundation

@testable import ItemsExample

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 that answers every request the same way, well or with
/// malice: for the catalogue's deadline and size limit, tested against a real socket.
///
/// Each connection is served on a thread of its own; a server that holds a connection open
/// waits for the client to close it, so nothing outlives the test once ``stop()`` is called.
final class LoopbackServer: @unchecked Sendable {
  // @unchecked: `connections` and `requestCount` are only touched under `lock`; the rest is constant.
  enum Behaviour: Sendable {
    /// A complete answer.
    case answer(status: Int, body: Data)
    /// Reads the request and never answers.
    case silent
    /// Sends the headers and the first bytes of a longer body, then nothing.
    case stallAfterHeaders
    /// Sends the headers, then one byte of the body every `interval` seconds, never finishing.
    case drip(interval: Double)
    /// Sends the headers with no length, then bytes as fast as the client takes them: 32 MB,
    /// endless next to any size limit a test sets.
    case endless
    /// Announces a body of `length` bytes in its headers, then sends nothing.
    case declaring(length: Int)
  }

  let behaviour: Behaviour
  /// `http://127.0.0.1:PORT/items.json`.
  let url: URL
  private let listener: Int32
  private let lock = NSLock()
  private var connections: Set<Int32> = []
  private var requestCount = 0

  init(_ behaviour: Behaviour) throws {
    self.behaviour = behaviour
    #if canImport(Darwin)
    let listener = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    self.listener = listener
    guard listener >= 0 else { throw FailureReason.posix(errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(listener, address, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, address, &length) == 0
      }
    }
    guard bound else {
      let failure = FailureReason.posix(errno)
      _ = close(listener)
      throw failure
    }
    url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/items.json")!
    Thread { [self] in acceptConnections() }.start()
  }

  /// How many requests arrived.
  var requests: Int {
    lock.lock()
    defer { lock.unlock() }
    return requestCount
  }

  /// Stops accepting and ends every connection.
  func stop() {
    lock.lock()
    let open = connections
    lock.unlock()
    _ = shutdown(listener, Int32(SHUT_RDWR))
    _ = close(listener)
    for connection in open { _ = shutdown(connection, Int32(SHUT_RDWR)) }
  }

  private func acceptConnections() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      lock.lock()
      connections.insert(connection)
      lock.unlock()
      Thread { [self] in
        serve(connection)
        lock.lock()
        connections.remove(connection)
        lock.unlock()
        _ = close(connection)
      }.start()
    }
  }

  private func serve(_ connection: Int32) {
    guard readRequest(connection) else { return }
    lock.lock()
    requestCount += 1
    lock.unlock()
    switch behaviour {
    case .answer(let status, let body):
      _ = send(connection, headers(status: status, length: body.count)) && send(connection, body)
    case .silent:
      waitForClose(connection)
    case .stallAfterHeaders:
      _ = send(connection, headers(status: 200, length: 1000)) && send(connection, Data("[{\"id\"".utf8))
      waitForClose(connection)
    case .drip(let interval):
      guard send(connection, headers(status: 200, length: 1 << 20)) else { return }
      // The pause is the hostile behaviour under test; it ends as soon as the client leaves.
      while !waitForClose(connection, seconds: interval) && send(connection, Data(" ".utf8)) {}
    case .endless:
      guard
        send(connection, Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8))
      else { return }
      let chunk = Data(repeating: UInt8(ascii: " "), count: 64 << 10)
      // "Endless" for any limit a test sets (kilobytes), and still bounded: 32 MB at most, so a
      // client that buffers faster than it checks (slow under ThreadSanitizer) cannot run the
      // test process out of memory.
      for _ in 0..<512 {
        guard send(connection, chunk) else { break }
      }
    case .declaring(let length):
      _ = send(connection, headers(status: 200, length: length))
      waitForClose(connection)
    }
  }

  private func headers(status: Int, length: Int) -> Data {
    Data(
      "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n"
        .utf8)
  }

  /// Reads up to the blank line that ends the request's headers; `false` if the client left.
  private func readRequest(_ connection: Int32) -> Bool {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while !received.ends(with: Array("\r\n\r\n".utf8)) {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return false }
      received += buffer[..<count]
    }
    return true
  }

  /// Sends all of `data`; `false` once the client is gone (no `SIGPIPE` for the test process).
  private func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(Darwin)
        let sent = Darwin.send(connection, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
        let sent = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  /// Waits until the client closes the connection (or `stop()` ends it), or until `seconds`
  /// pass; `true` when the connection is over.
  @discardableResult
  private func waitForClose(_ connection: Int32, seconds: Double? = nil) -> Bool {
    var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    let timeout = seconds.map { Int32($0 * 1000) } ?? -1
    while true {
      let ready = poll(&descriptor, 1, timeout)
      if ready == -1 && errno == EINTR { continue }
      if ready <= 0 { return ready == -1 }
      // Readable: either more bytes (ignored) or the end of the connection.
      var byte: UInt8 = 0
      let count = recv(connection, &byte, 1, 0)
      if count <= 0 { return true }
    }
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
