/* fatekit page bundle of sources 8013997692ad55565e73bca18a4aa9e02ad81274d978eb61a9e09b8c5c16108b */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-JSJTJEUG.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
