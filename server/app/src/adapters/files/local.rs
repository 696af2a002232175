//! Pictures kept in a folder on the server's disk.

use async_trait::async_trait;
use hiram_domain::files::{FileError, FileStore, is_server_name};
use std::io::ErrorKind;
use std::path::PathBuf;

pub struct LocalFolder {
    root: PathBuf,
}

impl LocalFolder {
    pub fn new(root: PathBuf) -> LocalFolder {
        LocalFolder { root }
    }

    /// `ab/abcdef…`: a level of 256 folders keeps any one folder small.
    fn path_of(&self, name: &str) -> Result<PathBuf, FileError> {
        if !is_server_name(name) {
            return Err(FileError::Backend("not a server-made name".into()));
        }
        Ok(self.root.join(&name[..2]).join(name))
    }
}

fn io(error: std::io::Error) -> FileError {
    FileError::Backend(error.to_string())
}

#[async_trait]
impl FileStore for LocalFolder {
    async fn put(&self, name: &str, bytes: &[u8]) -> Result<(), FileError> {
        let path = self.path_of(name)?;
        let folder = path.parent().ok_or_else(|| FileError::Backend("no folder".into()))?;
        tokio::fs::create_dir_all(folder).await.map_err(io)?;
        // Written aside, then renamed: a reader never sees half a picture.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await.map_err(io)?;
        tokio::fs::rename(&partial, &path).await.map_err(io)
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, FileError> {
        match tokio::fs::read(self.path_of(name)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
            Err(error) => Err(io(error)),
        }
    }

    /// The folder exists or can be made (a first start makes it).
    async fn ready(&self) -> Result<(), FileError> {
        tokio::fs::create_dir_all(&self.root).await.map_err(io)
    }

    async fn delete(&self, name: &str) -> Result<(), FileError> {
        match tokio::fs::remove_file(self.path_of(name)?).await {
            Ok(()) => Ok(()),
            Err(error) if error.kind() == ErrorKind::NotFound => Ok(()),
            Err(error) => Err(io(error)),
        }
    }
}
