'use client'
export * from '../core/fetchers.js'
