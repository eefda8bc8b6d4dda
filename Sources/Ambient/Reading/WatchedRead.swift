extension DependencyValues {
  /// A read of values whose watch word is set (see `WatchWord`): a trace records them, or the
  /// test they belong to has ended. Answers as the fast path would, then records the read in the
  /// trace and reports it if it came after its test ended.
  ///
  /// Out of line, like `uncachedDefault`: only traced reads and reads that outlived their test
  /// come here, and keeping it out of the inlined getter keeps that getter's fast path small.
  /// Specialised (inlinable) all the same, so the getter calls it as it calls `uncachedDefault`,
  /// with the value returned directly: an unspecialised call, returning through memory, made
  /// the getter of a struct of closures copy it out of line on the fast path too.
  @inlinable @inline(never)
  func watchedRead<Key: TestDependencyKey>(_: Key.Type) -> Key.Value {
    let key = TypeTable.key(Key.self)
    if let value = _overrides?.value(key, as: Key.Value.self) ?? _captured?.value(key, as: Key.Value.self) {
      noteWatchedRead(of: Key.self, source: .override)
      return value
    }
    let owner = _captured ?? _overrides
    let value =
      Key._derivesDefault && _overrides != nil
      ? derivedDefault(Key.self)
      : owner?.defaultSlots.flatMap { DefaultValueCache.value(for: Key.self, in: $0.slot(for: readContext)) }
        ?? root.cache(for: readContext).value(for: Key.self, values: self)
    noteWatchedRead(of: Key.self, source: .defaultValue)
    return value
  }

  /// Records a watched read in the trace these values are read into, if any, and reports it if
  /// the test they belong to has ended.
  @usableFromInline
  func noteWatchedRead(of key: any Any.Type, source: DependencyTrace.Source) {
    let site = ReadSite.at(_site)
    if let tracer = _overrides?.tracer ?? _captured?.tracer {
      tracer.record(
        key: key, context: resolvedContext, source: source, site: site,
        builtBy: BuildCoordinator.shared.innermostBuildOnThisThread(), whileUpdating: DependencyValues.isUpdating
      )
    }
    for overrides in [_captured, _overrides] {
      if let lifetime = overrides?.root.lifetime, lifetime.watch.isSet {
        Self.reportReadAfterTestEnded(of: key, lifetime: lifetime, site: site, context: resolvedContext)
        return
      }
    }
  }

  /// The root a read that missed its cache reads, resolved to the running test's in a test
  /// process. Values that stand for the running test's and are read where that test has ended
  /// (by a task that outlived it, which still names it) are reported like a watched read.
  @usableFromInline
  func rootForUncachedRead(of key: any Any.Type) -> DefaultValueRoot {
    let root = root.resolved
    if let lifetime = root.lifetime, lifetime.watch.isSet {
      Self.reportReadAfterTestEnded(of: key, lifetime: lifetime, site: ReadSite.at(_site), context: resolvedContext)
    }
    return root
  }

  /// Reports, once per dependency and declaration, a read through values of a test that has
  /// ended: to the test running now, if one is, else on standard error.
  static func reportReadAfterTestEnded(
    of key: any Any.Type, lifetime: TestLifetime, site: ReadSite?, context: DependencyContext
  ) {
    guard let testName = lifetime.endedTestName else { return }
    let dependency = site?.dependencyDescription(key: key) ?? "\(typeName(key)).self"
    guard lifetime.isFirstReport(of: dependency, at: site?.location ?? "") else { return }
    let message = IssueMessage.readAfterTestEnded(
      dependency: dependency, keyType: typeName(key), testName: testName, site: site, context: context
    )
    reportIssue(message.description, at: site?.declaration ?? .here())
  }
}
