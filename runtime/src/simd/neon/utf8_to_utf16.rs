//! (NEON kernels: to be written.)
