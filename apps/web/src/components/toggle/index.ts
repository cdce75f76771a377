export { Toggle, type ToggleProps } from './toggle';
