// One overload per arity (0 to 5 arguments) because a parameter-pack closure cannot be stored
// in a property of generic type: the compiler cannot agree on its calling convention.

extension Endpoint {
  /// An asynchronous throwing endpoint that reports and throws until overridden (0 arguments).
  public init<R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (0 arguments).
  public init<R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { throw site.report() })
  }

  /// An asynchronous throwing endpoint that reports and throws until overridden (1 argument).
  public init<A, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (1 argument).
  public init<A, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in throw site.report() })
  }

  /// An asynchronous throwing endpoint that reports and throws until overridden (2 arguments).
  public init<A, B, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (2 arguments).
  public init<A, B, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in throw site.report() })
  }

  /// An asynchronous throwing endpoint that reports and throws until overridden (3 arguments).
  public init<A, B, C, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (3 arguments).
  public init<A, B, C, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in throw site.report() })
  }

  /// An asynchronous throwing endpoint that reports and throws until overridden (4 arguments).
  public init<A, B, C, D, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (4 arguments).
  public init<A, B, C, D, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in throw site.report() })
  }

  /// An asynchronous throwing endpoint that reports and throws until overridden (5 arguments).
  public init<A, B, C, D, E, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) async throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in throw site.report() })
  }

  /// A throwing endpoint that reports and throws until overridden (5 arguments).
  public init<A, B, C, D, E, R>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) throws -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in throw site.report() })
  }
}
