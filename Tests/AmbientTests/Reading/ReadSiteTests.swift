import Dispatch
import Testing

@testable import Ambient

@Suite struct ReadSiteTests {
  struct Late: TestDependencyKey, Sendable {
    var text: String
    static var testValue: Late { Late(text: "late") }
  }

  struct Greeter: Sendable {
    var greet: @Sendable () -> String
  }

  final class Owner {
    @Dependency(\.escapingGreeter) var greeter
  }

  @Test func oneSitePerDeclaration() {
    let first = ReadSite.at(ReadSite.interned(fileID: #fileID, filePath: #filePath, line: 7, column: 3, key: nil))!
    let again = ReadSite.at(ReadSite.interned(fileID: #fileID, filePath: #filePath, line: 7, column: 3, key: nil))!
    let other = ReadSite.at(ReadSite.interned(fileID: #fileID, filePath: #filePath, line: 8, column: 3, key: nil))!
    let anotherKey = ReadSite.at(
      ReadSite.interned(fileID: #fileID, filePath: #filePath, line: 7, column: 3, key: Int.self))!
    #expect(first === again)
    #expect(first !== other)
    #expect(first !== anotherKey, "a generic declaration reads one key per specialisation")
    #expect(other.location == "AmbientTests/ReadSiteTests.swift:8")
  }

  /// More declarations than the cache in front of the registry has entries: declarations whose
  /// keys share an entry take turns in it, and each still gets its own one site.
  @Test func declarationsSharingACacheEntryEachKeepTheirSite() {
    let lines = UInt(10_000)..<10_600
    let sites = lines.map { ReadSite.interned(fileID: #fileID, filePath: #filePath, line: $0, column: 5, key: nil).raw }
    for (line, site) in zip(lines, sites) {
      let again = ReadSite.interned(fileID: #fileID, filePath: #filePath, line: line, column: 5, key: nil).raw
      #expect(again == site)
      #expect(ReadSite.at(SitePointer(raw: again))?.line == line)
    }
    #expect(Set(sites).count == lines.count)
  }

  /// Two threads interning declarations whose keys share the cache's entries, so each keeps
  /// taking entries the other just wrote: every site found is still the one asked for.
  @Test(.timeLimit(.minutes(1))) func threadsTakingTurnsInTheCacheEachFindTheirOwnSites() {
    let mismatches = LockIsolated(0)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      // Each thread its own declarations, two per cache entry between them.
      let lines = UInt(20_000 + thread * 1_000)..<UInt(20_000 + thread * 1_000 + 512)
      var wrong = 0
      for _ in 0..<40 {
        for line in lines {
          let site = ReadSite.interned(fileID: #fileID, filePath: #filePath, line: line, column: 9, key: nil)
          if ReadSite.at(site)?.line != line { wrong += 1 }
        }
      }
      mismatches.withValue { $0 += wrong }
    }
    #expect(mismatches.value == 0)
  }

  @Test func valuesCapturedByAGetterOutliveTheirOwner() {
    var owner: Owner? = Owner()
    let greeter = owner!.greeter
    owner = nil
    // The getter kept the values it was read through, which point at the declaration's site;
    // the first read of `Late` builds its default now, after the owner is gone.
    #expect(greeter.greet() == "late")
  }
}

extension DependencyValues {
  fileprivate var escapingGreeter: ReadSiteTests.Greeter {
    let values = self
    return ReadSiteTests.Greeter { values[ReadSiteTests.Late.self].text }
  }
}
