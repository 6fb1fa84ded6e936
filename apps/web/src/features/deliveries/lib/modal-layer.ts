/**
 * The navbar is sticky at z-index 500 (components/page-shell.module.css, above Leaflet's panes)
 * and Mantine's modals default to 200, so the header would cover a modal's title and close
 * button (a full-screen one on phones entirely). This feature's modals sit above it; a theme-wide
 * Modal default would make this unnecessary.
 */
export const MODAL_Z_INDEX = 600;
