//! Payment gateways. The sandbox is built in and works offline: it pays
//! out at once, except to its documented failing account.

mod sandbox;

pub use sandbox::SandboxGateway;
