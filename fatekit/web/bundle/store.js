/* fatekit page bundle of sources 53ceca4de8ad07efad26f3607ce18a4938bd46b7e4643f117b33c6c6d31e14e5 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-AQEXIIMT.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
