'use client'
export * from '../core/messages.js'
