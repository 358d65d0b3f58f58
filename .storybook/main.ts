import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  // The MDX pages (Introduction, IbvProvider, the hooks) and every story file.
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The service worker of the in-browser sandbox (./sandbox.ts), served from Storybook's root so
  // that it may answer for every page and frame under it.
  staticDirs: ['./static'],
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  typescript: {
    // The TypeScript docgen reads JSDoc tags as tags: `@default` fills the Default column and
    // `@example` stays out of the description (react-docgen printed both as literal text).
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // Our own props only, not the hundreds of HTML attributes each root element accepts.
      propFilter: (prop) => !prop.parent || !prop.parent.fileName.includes('node_modules'),
    },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  features: { sidebarOnboardingChecklist: false },
}

export default config
