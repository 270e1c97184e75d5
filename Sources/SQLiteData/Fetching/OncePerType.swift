import Synchronization

/// Objects made once per type and process, for generic code whose work depends only on its type
/// parameters: the object made by `make` the first time an object of type `Made` is asked for.
func oncePerType<Made: AnyObject & Sendable>(_: Made.Type, make: () -> Made) -> Made {
  let type = ObjectIdentifier(Made.self)
  // Stored under this very type below. Not cast back with `as!`: a cast from an existential asks
  // the runtime about bridging conformances, a search of its conformance records.
  if let known = madeOncePerType.withLock({ $0[type] }) { return unsafeDowncast(known, to: Made.self) }
  // Made outside the lock (`make` may ask for another type's); two threads may both make one,
  // and either is the same.
  let made = make()
  madeOncePerType.withLock { $0[type] = made }
  return made
}

/// The objects made so far, by their type.
private let madeOncePerType = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])
