/**
 * Whether and how to compress a body for a given peer: the network links peers sit behind,
 * the codings' learned speeds and ratios, and the adaptive policy that predicts which
 * coding and level (or none) delivers a body soonest, within an optional time budget. Shared
 * by the servlet and reactive servers and the clients.
 */
@NullMarked
package io.restcompress.decision;

import org.jspecify.annotations.NullMarked;
