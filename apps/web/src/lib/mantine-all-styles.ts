// Every Mantine style, in the `mantine` cascade layer (loaded by all-styles.ts).
import '@mantine/core/styles.layer.css';
