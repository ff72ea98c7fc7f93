// Thin: global styles here; browser lifecycle handlers will live in src/runtime.
import './src/theme/global.css';
