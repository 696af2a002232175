//! Object storage for uploaded pictures. The built-in store is a local
//! folder; a bucket service would be another `FileStore`.

mod local;

pub use local::LocalFolder;
