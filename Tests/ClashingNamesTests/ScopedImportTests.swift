import Ambient
import ClashingNames
import Foundation
import Testing

import class ClashingNames.LockIsolated
import struct ClashingNames.UncheckedSendable
import struct ClashingNames.UnimplementedFailure
import func ClashingNames.unimplemented

// What stays ambiguous beside such a module (the types, and `unimplemented`, whose overloads
// Ambient cannot all disfavour) is settled by a scoped import of the other module's name, as
// the migration article says: it shadows Ambient's for the whole file.

@Suite struct ScopedImportTests {
  @Test func lockIsolatedIsTheImportedOne() {
    let count: LockIsolated<Int> = LockIsolated(1)
    count.withValue { $0 += 1 }
    #expect(count.value == 2)
    #expect(String(reflecting: type(of: count)) == "ClashingNames.LockIsolated<Swift.Int>")
  }

  @Test func uncheckedSendableIsTheImportedOne() {
    @UncheckedSendable var formatter = NumberFormatter()
    #expect(String(reflecting: type(of: $formatter)).hasPrefix("ClashingNames.UncheckedSendable<"))
  }

  @Test func unimplementedIsTheImportedOne() async {
    let token = UUID().uuidString
    let isEnabled: @Sendable (Int) -> Bool = unimplemented(token, placeholder: true)
    let fetch: @Sendable () async throws -> Int = unimplemented(token)
    #expect(isEnabled(1))
    await #expect(throws: UnimplementedFailure.self) { try await fetch() }
    #expect(CallLog.contains("unimplemented", token))
  }
}
