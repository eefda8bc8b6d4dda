extension Result where Failure == any Error {
  /// The result of an asynchronous throwing closure: `.success` with what it returns, or
  /// `.failure` with what it throws, as swift-concurrency-extras' initialiser gives it.
  ///
  /// ```swift
  /// let items = await Result { try await apiClient.fetchItems() }
  /// ```
  ///
  /// - Parameter body: The work to run.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
