/** The icon sprite's address (icon-sprite-plugin.ts): `/assets/icons-<hash>.svg`. */
declare module 'virtual:icon-sprite' {
  export const ICON_SPRITE_URL: string;
}
