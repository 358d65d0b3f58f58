import 'ibv-kit/styles.css'
import type { Preview } from '@storybook/react-vite'
import { StoryProviders } from '../stories/providers.tsx'

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // Any accessibility violation fails the story's test.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  decorators: [(Story, context) => <StoryProviders fetchers={context.parameters.fetchers}>{Story()}</StoryProviders>],
}

export default preview
