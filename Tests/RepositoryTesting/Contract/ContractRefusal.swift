/// An error a change throws in the contract's checks.
struct ContractRefusal: Error, Equatable {}
