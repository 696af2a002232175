//! Object storage for uploaded pictures: a local folder (the default, one
//! server) or a bucket of an S3-compatible service (a fleet; decision 043).

mod local;
mod s3;

use crate::config::{UploadSettings, UploadStore};
use hiram_domain::files::{FileError, FileStore};
use std::sync::Arc;

use local::LocalFolder;
pub use s3::S3Bucket;

/// The store the configuration names.
pub fn store(settings: &UploadSettings) -> Result<Arc<dyn FileStore>, FileError> {
    Ok(match settings.store {
        UploadStore::Local => Arc::new(LocalFolder::new(settings.dir.clone())),
        UploadStore::S3 => Arc::new(S3Bucket::new(&settings.s3)?),
    })
}
