//! Converting.
