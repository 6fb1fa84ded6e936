import { describe, expect, it } from 'vitest';
import { scrollEdges } from './side-scroller.tsx';

describe('scrollEdges', () => {
  it('a row that fits has no arrows', () => {
    expect(scrollEdges(0, 300, 300)).toEqual({ start: false, end: false });
  });
  it('at the start of a longer row: only the end arrow', () => {
    expect(scrollEdges(0, 1200, 390)).toEqual({ start: false, end: true });
  });
  it('in the middle: both', () => {
    expect(scrollEdges(300, 1200, 390)).toEqual({ start: true, end: true });
  });
  it('at the end, within a pixel of rounding: only the start arrow', () => {
    expect(scrollEdges(810, 1200, 390)).toEqual({ start: true, end: false });
    expect(scrollEdges(809.5, 1200, 390)).toEqual({ start: true, end: false });
  });
  it('a scroll under a pixel still counts as the start', () => {
    expect(scrollEdges(0.5, 1200, 390)).toEqual({ start: false, end: true });
  });
});
